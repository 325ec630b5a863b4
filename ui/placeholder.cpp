void inferscope_ui_placeholder() {}
