// The guide page's own words, in the language of the instructions it shows, so a German participant does not
// read German instructions under English headings. Languages are the names Admins type ("German",
// "Deutsch"); a language without a translation here gets English throughout, instructions included only
// when they are English too (pickGuideText falls back to the first language that has a text).
interface GuideLabels {
  lang: string;
  guide: string;
  accessCode: string;
  numberToCall: string;
  numberLater: string;
  instructions: string;
  defaultInstructions: string;
  replaced: string;
}

const ENGLISH: GuideLabels = {
  lang: 'en',
  guide: 'Participant guide',
  accessCode: 'Your access code',
  numberToCall: 'Number to call',
  numberLater: 'The number will be given to you by the organisation that invited you.',
  instructions: 'Instructions',
  defaultInstructions:
    'Call the assessment line from a quiet place, give your access code when asked, and answer each question as it is read out.',
  replaced: 'This link has been replaced by a newer one. Please use the most recent link you received.',
};

const GERMAN: GuideLabels = {
  lang: 'de',
  guide: 'Anleitung für Teilnehmende',
  accessCode: 'Ihr Zugangscode',
  numberToCall: 'Rufnummer',
  numberLater: 'Die Rufnummer erhalten Sie von der Organisation, die Sie eingeladen hat.',
  instructions: 'Anleitung',
  defaultInstructions:
    'Rufen Sie die Nummer von einem ruhigen Ort aus an, nennen Sie Ihren Zugangscode, wenn Sie danach gefragt werden, und beantworten Sie jede Frage, sobald sie vorgelesen wird.',
  replaced: 'Dieser Link wurde durch einen neueren ersetzt. Bitte verwenden Sie den zuletzt erhaltenen Link.',
};

const FRENCH: GuideLabels = {
  lang: 'fr',
  guide: 'Guide du participant',
  accessCode: 'Votre code d’accès',
  numberToCall: 'Numéro à appeler',
  numberLater: 'Le numéro vous sera communiqué par l’organisation qui vous a invité.',
  instructions: 'Instructions',
  defaultInstructions:
    'Appelez depuis un endroit calme, donnez votre code d’accès lorsqu’il vous est demandé et répondez à chaque question après sa lecture.',
  replaced: 'Ce lien a été remplacé par un lien plus récent. Veuillez utiliser le dernier lien reçu.',
};

const SPANISH: GuideLabels = {
  lang: 'es',
  guide: 'Guía del participante',
  accessCode: 'Su código de acceso',
  numberToCall: 'Número al que llamar',
  numberLater: 'La organización que le invitó le dará el número.',
  instructions: 'Instrucciones',
  defaultInstructions:
    'Llame desde un lugar tranquilo, indique su código de acceso cuando se lo pidan y responda a cada pregunta cuando se la lean.',
  replaced: 'Este enlace ha sido sustituido por otro más reciente. Utilice el último enlace que recibió.',
};

const BY_NAME: Record<string, GuideLabels> = {
  english: ENGLISH,
  german: GERMAN,
  deutsch: GERMAN,
  french: FRENCH,
  français: FRENCH,
  francais: FRENCH,
  spanish: SPANISH,
  español: SPANISH,
  espanol: SPANISH,
};

export function guideLabels(language: string | null | undefined): GuideLabels {
  return (language && BY_NAME[language.trim().toLowerCase()]) || ENGLISH;
}
