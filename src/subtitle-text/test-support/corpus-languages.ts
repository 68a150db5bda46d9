/**
 * Test and bench only: subtitle-like sentences in native scripts, each language with the legacy code
 * pages that can write it (the ones subtitle files of that language are found in). The first line of
 * every language has non-ASCII letters, so a one-cue file still needs detection.
 */
export interface CorpusLanguage {
  name: string;
  /** Its code in the kit's language list (what an upload sends as sub_lang). */
  code: string;
  /** Legacy code pages (WHATWG names) that serve the language. */
  codePages: readonly string[];
  lines: readonly string[];
}

export const CORPUS_LANGUAGES: readonly CorpusLanguage[] = [
  {
    name: 'Russian',
    code: 'ru',
    codePages: ['windows-1251', 'koi8-r'],
    lines: ['Привет! Как дела?', 'Я не знаю, что сказать.', 'Это было очень давно, в далёкой галактике.', 'Пойдём домой, уже поздно.'],
  },
  {
    name: 'Ukrainian',
    code: 'uk',
    codePages: ['windows-1251', 'koi8-u'],
    lines: ['Привіт! Як справи?', 'Я не знаю, що сказати.', 'Це було дуже давно, ще до війни.', 'Їжте хліб і пийте воду.'],
  },
  {
    name: 'Bulgarian',
    code: 'bg',
    codePages: ['windows-1251'],
    lines: ['Здравей! Как си днес?', 'Не знам какво да кажа.', 'Това беше преди много години.', 'Трябва да си вървим, вече е късно.'],
  },
  {
    name: 'Polish',
    code: 'pl',
    codePages: ['windows-1250', 'iso-8859-2'],
    lines: [
      'Zażółć gęślą jaźń.',
      'Nie wiem, co mam powiedzieć.',
      'Mój brat jest już w drodze, będzie za chwilę.',
      'Dziękuję bardzo, to było świetne.',
    ],
  },
  {
    name: 'Czech',
    code: 'cs',
    codePages: ['windows-1250', 'iso-8859-2'],
    lines: [
      'Příliš žluťoučký kůň úpěl ďábelské ódy.',
      'To je pravda, řekl jsem mu to včera.',
      'Děkuji vám za všechno.',
      'Kde je můj pes? Už jsem ho hledal všude.',
    ],
  },
  {
    name: 'Slovak',
    code: 'sk',
    codePages: ['windows-1250', 'iso-8859-2'],
    lines: ['Ahoj! Ako sa máš?', 'Neviem, čo mám povedať.', 'Dnes je veľmi pekný deň.', 'Musíme už ísť, je neskoro.'],
  },
  {
    name: 'Hungarian',
    code: 'hu',
    codePages: ['windows-1250', 'iso-8859-2'],
    lines: [
      'Nem tudom, mit mondjak. Ő a legjobb barátom.',
      'Egy régi üdülőben lakunk, fűtés nélkül.',
      'Ez egy nagyon szép nap, ugye?',
      'Köszönöm szépen, öreg barátom.',
    ],
  },
  {
    name: 'Romanian',
    code: 'ro',
    codePages: ['windows-1250', 'iso-8859-2'],
    lines: [
      'Nu ştiu ce să fac.',
      'Aceasta este o ţară frumoasă şi liniştită.',
      'Îmi pare rău, dar trebuie să plec acum.',
      'Mulţumesc, eşti foarte drăguţ.',
    ],
  },
  {
    name: 'French',
    code: 'fr',
    codePages: ['windows-1252'],
    lines: [
      'Où est la bibliothèque ? Je ne sais pas.',
      "C'était très agréable, merci beaucoup.",
      'Ça va être génial, tu verras.',
      "Arrête ! Il faut qu'on parte à l'hôpital.",
    ],
  },
  {
    name: 'German',
    code: 'de',
    codePages: ['windows-1252'],
    lines: [
      'Schöne Grüße aus München!',
      'Ich weiß nicht, was ich sagen soll.',
      'Das Mädchen läuft über die Straße.',
      'Wir müssen jetzt gehen, es ist spät.',
    ],
  },
  {
    name: 'Spanish',
    code: 'es',
    codePages: ['windows-1252'],
    lines: [
      '¿Dónde está la estación?',
      'No lo sé, señor. Está muy lejos.',
      '¡Qué día más bonito! Mañana será mejor.',
      'Lo siento, tengo que irme ahora.',
    ],
  },
  {
    name: 'Portuguese',
    code: 'pt',
    codePages: ['windows-1252'],
    lines: [
      'Olá! Você está bem?',
      'Não sei o que dizer, desculpe.',
      'Amanhã vamos à praia com as crianças.',
      'Obrigado, foi uma ótima noite.',
    ],
  },
  {
    name: 'Italian',
    code: 'it',
    codePages: ['windows-1252'],
    lines: [
      'Perché non andiamo al mare? È già tardi.',
      'Non so cosa dire, è difficile.',
      'Sì, però domani sarà più facile.',
      'Andiamo a casa, è ora di cena.',
    ],
  },
  {
    name: 'Greek',
    code: 'el',
    codePages: ['windows-1253', 'iso-8859-7'],
    lines: ['Καλημέρα, τι κάνεις;', 'Δεν ξέρω τι να πω.', 'Είναι πολύ όμορφη μέρα σήμερα.', 'Πρέπει να φύγουμε τώρα, είναι αργά.'],
  },
  {
    name: 'Turkish',
    code: 'tr',
    codePages: ['windows-1254'],
    lines: [
      'Nasılsın? Çok güzel bir gün.',
      'Bunu bilmiyorum, üzgünüm.',
      'Şimdi gitmemiz gerekiyor, değil mi?',
      'Teşekkür ederim, görüşürüz.',
    ],
  },
  {
    name: 'Hebrew',
    code: 'he',
    codePages: ['windows-1255'],
    lines: ['שלום, מה שלומך?', 'אני לא יודע מה לומר.', 'זה יום יפה מאוד.', 'אנחנו צריכים ללכת עכשיו, כבר מאוחר.'],
  },
  {
    name: 'Arabic',
    code: 'ar',
    codePages: ['windows-1256'],
    lines: ['مرحبا، كيف حالك؟', 'لا أعرف ماذا أقول.', 'هذا يوم جميل جدا.', 'يجب أن نذهب الآن، لقد تأخر الوقت.'],
  },
  {
    name: 'Lithuanian',
    code: 'lt',
    codePages: ['windows-1257'],
    lines: ['Labas! Kaip sekasi?', 'Aš nežinau, ką pasakyti.', 'Šiandien labai graži diena.', 'Mums jau reikia eiti, vėlu.'],
  },
  {
    name: 'Latvian',
    code: 'lv',
    codePages: ['windows-1257'],
    lines: ['Sveiki! Kā jums klājas?', 'Es nezinu, ko teikt.', 'Šodien ir ļoti skaista diena.', 'Mums jāiet mājās, ir jau vēls.'],
  },
  {
    name: 'Vietnamese',
    code: 'vi',
    codePages: ['windows-1258'],
    lines: [
      'Xin chào! Bạn có khỏe không?',
      'Tôi không biết phải nói gì.',
      'Hôm nay là một ngày rất đẹp.',
      'Chúng ta phải đi về nhà bây giờ, muộn rồi.',
    ],
  },
  {
    name: 'Thai',
    code: 'th',
    codePages: ['windows-874'],
    lines: ['สวัสดีครับ คุณสบายดีไหม', 'ผมไม่รู้ว่าจะพูดอะไร', 'วันนี้อากาศดีมาก', 'เราต้องกลับบ้านแล้ว มันดึกแล้ว'],
  },
  {
    name: 'Japanese',
    code: 'ja',
    codePages: ['shift_jis', 'euc-jp'],
    lines: ['こんにちは、元気ですか？', '何を言えばいいのか分かりません。', '今日はとても良い天気ですね。', 'もう遅いから、帰りましょう。'],
  },
  {
    name: 'Chinese (simplified)',
    code: 'zh-cn',
    codePages: ['gbk'],
    lines: ['你好，你今天怎么样？', '我不知道该说什么。', '这是一个非常好的日子，我们走吧。', '对不起，我现在要回家了。'],
  },
  {
    name: 'Chinese (traditional)',
    code: 'zh-tw',
    codePages: ['big5'],
    lines: ['你好，你今天怎麼樣？', '我不知道該說什麼。', '這是一個非常好的日子，我們走吧。', '對不起，我現在要回家了。'],
  },
  {
    name: 'Korean',
    code: 'ko',
    codePages: ['euc-kr'],
    lines: [
      '안녕하세요, 어떻게 지내세요?',
      '무슨 말을 해야 할지 모르겠어요.',
      '오늘은 정말 좋은 날이네요.',
      '이제 가야 해요, 너무 늦었어요.',
    ],
  },
];
