// Utf8StreamDecoder: characters split across tokens are held back; invalid bytes become U+FFFD.
#include <QtTest/QtTest>

#include "engine/tokenizer/tokenizer.h"

using namespace inferscope;

namespace {
const std::string kFffd = "\xEF\xBF\xBD";
}

class TestUtf8Stream : public QObject {
  Q_OBJECT

 private slots:
  void ascii_passes_through() {
    Utf8StreamDecoder d;
    QCOMPARE(d.push("hello "), std::string("hello "));
    QCOMPARE(d.push("world"), std::string("world"));
    QCOMPARE(d.flush(), std::string());
  }

  void split_characters_are_held_back() {
    const std::string emoji = "\xF0\x9F\x98\x80";  // U+1F600, four bytes
    Utf8StreamDecoder d;
    QCOMPARE(d.push("a\xF0"), std::string("a"));
    QCOMPARE(d.push("\x9F"), std::string());
    QCOMPARE(d.push("\x98"), std::string());
    QCOMPARE(d.push("\x80z"), emoji + "z");
    // Every split point of a mixed string gives the same text.
    const std::string text = "中文 é " + emoji + " ok";
    for (size_t cut = 0; cut <= text.size(); ++cut) {
      Utf8StreamDecoder s;
      std::string out = s.push(text.substr(0, cut));
      out += s.push(text.substr(cut));
      out += s.flush();
      QCOMPARE(out, text);
    }
    // Byte by byte.
    Utf8StreamDecoder b;
    std::string out;
    for (char c : text) out += b.push(std::string(1, c));
    QCOMPARE(out + b.flush(), text);
  }

  void invalid_bytes_become_replacement_characters() {
    Utf8StreamDecoder d;
    QCOMPARE(d.push("a\x80" "b"), "a" + kFffd + "b");  // stray continuation byte
    QCOMPARE(d.push("\xC0\xAF"), kFffd + kFffd);         // overlong form: both bytes invalid
    QCOMPARE(d.push("\xED\xA0\x80"), kFffd + kFffd + kFffd);  // surrogate: the lead byte alone is the maximal subpart
    QCOMPARE(d.push("\xE4\xB8x"), kFffd + "x");          // truncated by an ASCII byte: one U+FFFD
    QCOMPARE(d.push("\xFF"), kFffd);
  }

  void flush_reports_an_unfinished_character() {
    Utf8StreamDecoder d;
    QCOMPARE(d.push("ok\xE4\xB8"), std::string("ok"));
    QCOMPARE(d.flush(), kFffd);
    QCOMPARE(d.flush(), std::string());
    QCOMPARE(d.push("\xAD"), kFffd);  // the decoder is reusable; the old partial byte is gone
  }
};

QTEST_APPLESS_MAIN(TestUtf8Stream)
#include "tst_utf8_stream.moc"
