# zh_TW / zh_CN texts of the model card's licence row and Gemma notice (loaded by fill_translations.py).
T = {
    'Licence': ('授權', '许可'),
    'Gemma is provided under and subject to the Gemma Terms of Use found at ai.google.dev/gemma/terms '
    '(a copy: gemma-3-270m-q4_k_m.NOTICE/GEMMA_TERMS.html beside the model file).':
        ('Gemma 依據 Gemma 使用條款（ai.google.dev/gemma/terms）提供並受其約束'
         '（副本：模型檔旁的 gemma-3-270m-q4_k_m.NOTICE/GEMMA_TERMS.html）。',
         'Gemma 依据 Gemma 使用条款（ai.google.dev/gemma/terms）提供并受其约束'
         '（副本：模型文件旁的 gemma-3-270m-q4_k_m.NOTICE/GEMMA_TERMS.html）。'),
}
