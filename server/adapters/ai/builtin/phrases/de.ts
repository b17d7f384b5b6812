import type { Phrases } from './types';

export const de: Phrases = {
  locale: 'de-DE',
  and: 'und',
  greeting:
    'Hallo! Ich bin der Aura-Guide. Ich erkläre dir, wie Aura funktioniert, und nenne dir nach der Anmeldung deine eigenen Zahlen.',
  thanks: 'Gern geschehen. Kann ich noch etwas für dich tun?',
  about:
    'Ich bin der eingebaute Guide dieses Aura-Servers: ein Satz von Regeln, kein Sprachmodell. Ich antworte mit den Hilfe- und Funktionsseiten und angemeldeten Nutzern mit ihren eigenen Zahlen aus der Datenbank. Deine Fragen und Entwürfe bleiben auf diesem Server, solange sein Betreiber kein externes Modell anbindet.',
  unknown:
    'Ich bin ein regelbasierter Guide und habe diese Frage nicht erkannt. Ich erkläre Registrierung, Hochladen, das Finden von Artikeln, Mitgliedschaften, das Studio und den Support und nenne angemeldeten Nutzern ihre Einnahmen, Verkäufe, Follower, ihren besten Artikel und ihr Guthaben.',
  signInForFigures:
    'Melde dich an und frag mich noch einmal: Ich nenne jedem angemeldeten Nutzer seine eigenen Einnahmen, Verkäufe, Follower und sein Guthaben, und niemals die einer anderen Person.',
  onlyOwnFigures:
    'Ich kann dir nur deine eigenen Zahlen nennen, niemals die einer anderen Person. Frag mich nach deinen Einnahmen, Verkäufen, Followern oder deinem Guthaben.',
  earningsMonth: (amounts, since) =>
    `Deine Einnahmen in diesem Monat (seit ${since}, nach der Plattformgebühr): ${amounts}.`,
  noEarningsMonth: (since) =>
    `Du hast in diesem Monat noch keine Einnahmen (seit ${since}). Jeder Verkauf und jede Mitgliedszahlung wird nach der Plattformgebühr gutgeschrieben.`,
  earningsTotal: (amounts) => `Deine Einnahmen insgesamt (nach der Plattformgebühr): ${amounts}.`,
  noEarningsTotal:
    'Du hast noch keine Einnahmen. Veröffentliche einen Artikel mit Preis oder biete deine Mitgliedschaftsstufen an, um zu starten.',
  sales: (count, since) =>
    count === 1
      ? `Du hast in diesem Monat 1 Artikel verkauft (seit ${since}).`
      : `Du hast in diesem Monat ${count} Artikel verkauft (seit ${since}).`,
  followers: (count) => (count === 1 ? 'Du hast 1 Follower.' : `Du hast ${count} Follower.`),
  bestItem: (title, sales, earned) =>
    `Dein meistverkaufter Artikel ist „${title}“ mit ${sales} ${sales === 1 ? 'Verkauf' : 'Verkäufen'} (${earned} nach der Plattformgebühr).`,
  noBestItem:
    'Von deinen Artikeln wurde noch keiner verkauft, also gibt es noch keinen Bestseller.',
  wallet: (amount) =>
    `Dein Guthaben beträgt ${amount}. Aufladen kannst du es auf der Guthaben-Seite.`,
  tiers: (hypr, hyprSoul) =>
    `Aura hat drei Mitgliedschaftsstufen: Aura ist kostenlos, Hypr kostet ${hypr} im Monat und HyprSoul ${hyprSoul} im Monat. HyprSoul enthält alles, was Hypr freischaltet. Abonnieren kannst du im Profil eines Creators; eine Mitgliedschaft verlängert sich monatlich, bis du sie in deinem Guthaben-Bereich kündigst.`,
  studio:
    'Das Studio hat drei Modi: Prompt macht aus einer Idee kreative Prompts, Visual zeichnet aus deinen Worten ein Platzhalterbild und Entwurf schreibt Titel, Beschreibung und Schlagwörter, die du ins Upload-Formular übernehmen kannst.',
  featuresLead: 'Was Aura bietet:',
  questions: {
    earningsMonth: 'Wie viel habe ich diesen Monat verdient?',
    earningsTotal: 'Wie viel habe ich insgesamt verdient?',
    sales: 'Wie viele Verkäufe hatte ich diesen Monat?',
    followers: 'Wie viele Follower habe ich?',
    bestItem: 'Was ist mein meistverkaufter Artikel?',
    wallet: 'Wie hoch ist mein Guthaben?',
    tiers: 'Was kosten die Mitgliedschaftsstufen?',
    studio: 'Was kann das Studio?',
    features: 'Welche Funktionen hat Aura?',
    about: 'Wer bist du?',
  },
};
