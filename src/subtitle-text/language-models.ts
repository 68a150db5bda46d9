/**
 * Tiny letter models for telling legacy code pages apart. Each code page serves a few languages;
 * each language is described by the non-ASCII letters it uses (lower case) and the most frequent of
 * them. No n-gram tables: the editor's load budget is tight, and letter sets already separate the
 * cases subtitles meet (see score-legacy.ts for how they are weighed).
 */

export type Script = 'latin' | 'greek' | 'cyrillic' | 'hebrew' | 'arabic' | 'thai' | 'kana' | 'halfkana' | 'han' | 'hangul' | 'other';

/** The script of a letter or combining mark, by code point range. */
export function scriptOf(cp: number): Script {
  if (cp < 0x250) return 'latin';
  if (cp >= 0x1e00 && cp <= 0x1eff) return 'latin';
  if ((cp >= 0x370 && cp <= 0x3ff) || (cp >= 0x1f00 && cp <= 0x1fff)) return 'greek';
  if (cp >= 0x400 && cp <= 0x52f) return 'cyrillic';
  if (cp >= 0x590 && cp <= 0x5ff) return 'hebrew';
  if ((cp >= 0x600 && cp <= 0x77f) || (cp >= 0xfb50 && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff)) return 'arabic';
  if (cp >= 0xe00 && cp <= 0xe7f) return 'thai';
  if (cp >= 0x3040 && cp <= 0x30ff) return 'kana';
  if (cp >= 0xff66 && cp <= 0xff9f) return 'halfkana';
  if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0xf900 && cp <= 0xfaff) || cp >= 0x20000) return 'han';
  if ((cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f)) return 'hangul';
  return 'other';
}

/** East Asian scripts mix within one run of letters (kanji + kana), so they count as one family. */
export const family = (script: Script): string =>
  script === 'kana' || script === 'halfkana' || script === 'han' || script === 'hangul' ? 'cjk' : script;

export interface LanguageModel {
  name: string;
  /** Weight of a letter of each script that is in neither `common` nor `letters`; absent = foreign (-0.5). */
  scripts: Partial<Record<Script, number>>;
  /** The language's most frequent non-ASCII letters, lower case: weight 1. */
  common: string;
  /** Its other letters, lower case: weight 0.7. */
  letters?: string;
  /** Letters that exist but are rare, lower case: weight 0.3. A wrong decoding produces them often. */
  rare?: string;
  /** Letters written only at the end of a word (Greek ς, Hebrew final forms): −0.5 anywhere else. */
  finalOnly?: string;
}

const latin = (name: string, common: string, letters = '', rare = ''): LanguageModel => ({
  name,
  scripts: { latin: 0.2 },
  common,
  letters,
  rare,
});

const FRENCH = latin('French', 'éèàçêâô', 'ùûîëïüœæÿ');
const GERMAN = latin('German', 'äöüß', 'é');
const SPANISH = latin('Spanish', 'áéíóñú', 'ü');
const PORTUGUESE = latin('Portuguese', 'ãçéáõêó', 'âôíúà');
const ITALIAN = latin('Italian', 'àèéìòù', 'íóú');
const NORDIC = latin('Nordic', 'åäöæø', 'éü');
const ICELANDIC = latin('Icelandic', 'áéíóúýþæöð');
const CATALAN = latin('Catalan', 'àèéíòóúç', 'ïü');
const POLISH = latin('Polish', 'ąćęłńóśźż');
const CZECH = latin('Czech', 'áčéěířšýžů', 'ďňťú');
const SLOVAK = latin('Slovak', 'áčéíšťýžô', 'äďĺľňóŕú');
const HUNGARIAN = latin('Hungarian', 'áéíóöőúüű');
const ROMANIAN = latin('Romanian', 'ăâîşţșț');
const SOUTH_SLAVIC = latin('Croatian, Slovene, Bosnian', 'čćđšž');
const LITHUANIAN = latin('Lithuanian', 'ąčęėįšųūž');
const LATVIAN = latin('Latvian', 'āčēģīķļņšūž');
const ESTONIAN = latin('Estonian', 'äöüõšž');
const TURKISH = latin('Turkish', 'çğıöşü', 'âîû');
// Composed (NFC) letters: windows-1258 writes tones as combining marks, and the scorer composes them.
const VIETNAMESE = latin('Vietnamese', 'đơưăâêôàáảãạèéẻẽẹìíỉĩịòóỏõọùúủũụýỳ', 'ấầẩẫậắằẳẵặếềểễệốồổỗộớờởỡợứừửữựỷỹỵ');

const cyrillic = (name: string, common: string, letters: string, rare = ''): LanguageModel => ({
  name,
  scripts: { cyrillic: 0.2 },
  common,
  letters,
  rare,
});
const RUSSIAN = cyrillic('Russian', 'оеаинтсрвлкмдпуяыь', 'бгзйчжшхю', 'ъщэфцё');
const UKRAINIAN = cyrillic('Ukrainian', 'оаніветрсилкудмп', 'бгзйчжшхюяьєїґцщф');
const BULGARIAN = cyrillic('Bulgarian', 'оаеинтрсвлкдп', 'мзгябчжшщъьюйуфхц');
const SERBIAN = cyrillic('Serbian, Macedonian', 'аоеинстрјвдлукп', 'мзгбчжшђћљњџѓќѕфхц');

const GREEK: LanguageModel = {
  name: 'Greek',
  scripts: { greek: 0.2 },
  common: 'αοετινσκρυπλμηάόςέί',
  letters: 'βγδζθξφχψωήύώϊϋΐΰ',
  finalOnly: 'ς',
};
// Hebrew has no rare letters to speak of: the whole block weighs 0.9, final forms only at word ends.
const HEBREW: LanguageModel = { name: 'Hebrew', scripts: { hebrew: 0.9 }, common: 'יוהאלמבנרשתכםןע', finalOnly: 'ךםןףץ' };
const ARABIC: LanguageModel = {
  name: 'Arabic, Persian, Urdu',
  scripts: { arabic: 0.3 },
  common: 'اليمونرتبهعدةأ',
  letters: 'ءآؤإئثجحخذزسشصضطظغفقكىپچژکگیٹڈڑںہھےۓ',
};
const THAI: LanguageModel = { name: 'Thai', scripts: { thai: 0.7 }, common: 'านรอกเงมยลดวสทบต่้ิีัะ' };

// The most frequent characters of subtitle-like Chinese (simplified, then traditional) and Korean.
// They cover roughly half of running text; a wrong decoding lands on them a few percent of the time.
const SIMPLIFIED =
  '的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东再真听气信少关吗吧啊呢谢请快妈爸哥别让';
const TRADITIONAL =
  '的一是不了人我在有他這中大來上個國到說們為子和你地出道也時年得就那要下以生會自著去之過家學對可她裡後小麼心多天而能好都然沒日於起還發成事只作當想看無開手十用主行方又如前所本見經頭面公同三已老從動兩長知民樣現分將外但身些與高意進把法此實回二理點月明其種聲全工己話兒者向情部正名定女問力機給等幾很業最間新什打便位因重被走電四第門相次東再真聽氣信少關嗎吧啊呢謝請快媽爸哥別讓';
const KOREAN_COMMON =
  '이다는의에가을고하지한서기로도사리어자니으수나요게해들대시를아있인그것정보내구거라제만우일없면성주여했습까세안상전네요말요뭐왜좋야죠알래요';

const CHINESE_SIMPLIFIED: LanguageModel = { name: 'Chinese (simplified)', scripts: { han: 0.4, kana: 0.2 }, common: SIMPLIFIED };
const CHINESE_TRADITIONAL: LanguageModel = { name: 'Chinese (traditional)', scripts: { han: 0.4, kana: 0.2 }, common: TRADITIONAL };
const JAPANESE: LanguageModel = { name: 'Japanese', scripts: { kana: 1, han: 0.7, halfkana: 0.2 }, common: '' };
const KOREAN: LanguageModel = { name: 'Korean', scripts: { hangul: 0.6, han: 0.2 }, common: KOREAN_COMMON };

export interface Candidate {
  /** WHATWG encoding label, as `TextDecoder` takes it. */
  encoding: string;
  /** One character per byte or (mostly) two: affects how many bytes a decoded character stands for. */
  multiByte: boolean;
  models: LanguageModel[];
  /** Decoded text is composed (NFC) before scoring: windows-1258 writes tones as combining marks. */
  composes?: boolean;
}

/**
 * The legacy encodings tried, most common first: an exact tie (German decodes the same in 1252, 1250
 * and 1257) goes to the earlier one. UTF-8 and UTF-16 are decided before this list is used.
 */
export const CANDIDATES: readonly Candidate[] = [
  { encoding: 'windows-1252', multiByte: false, models: [FRENCH, GERMAN, SPANISH, PORTUGUESE, ITALIAN, NORDIC, ICELANDIC, CATALAN] },
  { encoding: 'windows-1250', multiByte: false, models: [POLISH, CZECH, SLOVAK, HUNGARIAN, ROMANIAN, SOUTH_SLAVIC, GERMAN] },
  { encoding: 'windows-1251', multiByte: false, models: [RUSSIAN, UKRAINIAN, BULGARIAN, SERBIAN] },
  { encoding: 'iso-8859-2', multiByte: false, models: [POLISH, CZECH, SLOVAK, HUNGARIAN, ROMANIAN, SOUTH_SLAVIC, GERMAN] },
  { encoding: 'windows-1257', multiByte: false, models: [LITHUANIAN, LATVIAN, ESTONIAN, POLISH, GERMAN] },
  { encoding: 'windows-1254', multiByte: false, models: [TURKISH] },
  { encoding: 'koi8-r', multiByte: false, models: [RUSSIAN, BULGARIAN] },
  { encoding: 'koi8-u', multiByte: false, models: [UKRAINIAN] },
  { encoding: 'windows-1253', multiByte: false, models: [GREEK] },
  { encoding: 'iso-8859-7', multiByte: false, models: [GREEK] },
  { encoding: 'windows-1255', multiByte: false, models: [HEBREW] },
  { encoding: 'windows-1256', multiByte: false, models: [ARABIC] },
  { encoding: 'windows-1258', multiByte: false, models: [VIETNAMESE], composes: true },
  { encoding: 'windows-874', multiByte: false, models: [THAI] },
  { encoding: 'shift_jis', multiByte: true, models: [JAPANESE] },
  { encoding: 'gbk', multiByte: true, models: [CHINESE_SIMPLIFIED] },
  { encoding: 'big5', multiByte: true, models: [CHINESE_TRADITIONAL] },
  { encoding: 'euc-kr', multiByte: true, models: [KOREAN] },
  { encoding: 'euc-jp', multiByte: true, models: [JAPANESE] },
];
