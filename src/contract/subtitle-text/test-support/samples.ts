/** Test-only: subtitle-like dialogue in several languages, and a helper that wraps lines into an SRT file. */
export const DIALOGUE = {
  russian: ['Привет! Как дела?', 'Я не знаю, что сказать.', 'Это было очень давно, в далёкой галактике.', 'Пойдём домой, уже поздно.'],
  ukrainian: ['Привіт! Як справи?', 'Я не знаю, що сказати.', 'Це було дуже давно, ще до війни.', 'Їжте хліб і пийте воду.'],
  polish: ['Zażółć gęślą jaźń.', 'Nie wiem, co mam powiedzieć.', 'Mój brat jest już w drodze, będzie za chwilę.', 'Dziękuję bardzo, to było świetne.'],
  czech: ['Příliš žluťoučký kůň úpěl ďábelské ódy.', 'To je pravda, řekl jsem mu to včera.', 'Děkuji vám za všechno.', 'Kde je můj pes? Už jsem ho hledal všude.'],
  romanian: ['Nu ştiu ce să fac.', 'Aceasta este o ţară frumoasă şi liniştită.', 'Îmi pare rău, dar trebuie să plec acum.', 'Mulţumesc, eşti foarte drăguţ.'],
  hungarian: ['Nem tudom, mit mondjak. Ő a legjobb barátom.', 'Egy régi üdülőben lakunk, fűtés nélkül.', 'Ez egy nagyon szép nap, ugye?', 'Köszönöm szépen, öreg barátom.', 'Hová mész? Gyere vissza, kérlek!'],
  french: ["Où est la bibliothèque ? Je ne sais pas.", "C'était très agréable, merci beaucoup.", 'Ça va être génial, tu verras.', "Arrête ! Il faut qu'on parte à l'hôpital."],
  german: ['Schöne Grüße aus München!', 'Ich weiß nicht, was ich sagen soll.', 'Das Mädchen läuft über die Straße.', 'Wir müssen jetzt gehen, es ist spät.'],
  spanish: ['¿Dónde está la estación?', 'No lo sé, señor. Está muy lejos.', '¡Qué día más bonito! Mañana será mejor.', 'Lo siento, tengo que irme ahora.'],
  greek: ['Καλημέρα, τι κάνεις;', 'Δεν ξέρω τι να πω.', 'Είναι πολύ όμορφη μέρα σήμερα.', 'Πρέπει να φύγουμε τώρα, είναι αργά.'],
  turkish: ['Nasılsın? Çok güzel bir gün.', 'Bunu bilmiyorum, üzgünüm.', 'Şimdi gitmemiz gerekiyor, değil mi?', 'Teşekkür ederim, görüşürüz.'],
  hebrew: ['שלום, מה שלומך?', 'אני לא יודע מה לומר.', 'זה יום יפה מאוד.', 'אנחנו צריכים ללכת עכשיו, כבר מאוחר.'],
  arabic: ['مرحبا، كيف حالك؟', 'لا أعرف ماذا أقول.', 'هذا يوم جميل جدا.', 'يجب أن نذهب الآن، لقد تأخر الوقت.'],
  japanese: ['こんにちは、元気ですか？', '何を言えばいいのか分かりません。', '今日はとても良い天気ですね。', 'もう遅いから、帰りましょう。'],
  chinese: ['你好，你今天怎么样？', '我不知道该说什么。', '这是一个非常好的日子，我们走吧。', '对不起，我现在要回家了。'],
  traditional: ['你好，你今天怎麼樣？', '我不知道該說什麼。', '這是一個非常好的日子，我們走吧。', '對不起，我現在要回家了。'],
  korean: ['안녕하세요, 어떻게 지내세요?', '무슨 말을 해야 할지 모르겠어요.', '오늘은 정말 좋은 날이네요.', '이제 가야 해요, 너무 늦었어요.'],
} as const;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const srtTime = (ms: number): string =>
  `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;

/** An SRT file with one cue per line of `lines`, two seconds each, CRLF line ends like most SRT files. */
export function srtOf(lines: readonly string[], repeat = 1): string {
  const blocks: string[] = [];
  for (let r = 0; r < repeat; r++) {
    for (const line of lines) {
      const n = blocks.length;
      blocks.push(`${n + 1}\r\n${srtTime(n * 2000 + 1000)} --> ${srtTime(n * 2000 + 2500)}\r\n${line}\r\n`);
    }
  }
  return blocks.join('\r\n');
}
