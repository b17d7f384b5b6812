/**
 * What a message to the built-in guide asks about, by keywords of all three languages (a user
 * may type in any of them). Rules are ordered from the most specific (own figures) to the most
 * general; nothing is guessed beyond them, and an unmatched message gets the topic menu.
 */

export type FigureIntent =
  'earnings' | 'earningsMonth' | 'earningsTotal' | 'sales' | 'followers' | 'bestItem' | 'wallet';

export type HelpIntent = 'registration' | 'upload' | 'find' | 'contact';

export type FeatureIntent = 'interface' | 'dashboard' | 'security' | 'updates' | 'mobile';

export type Intent =
  | { kind: 'figure'; figure: FigureIntent }
  /** A figure question about someone else (`@name`): only a user's own figures are told. */
  | { kind: 'othersFigures' }
  | { kind: 'help'; topic: HelpIntent }
  | { kind: 'feature'; topic: FeatureIntent }
  | { kind: 'features' }
  | { kind: 'tiers' }
  /** Money back: what the platform really does (docs/payments.md "What buyers keep"). */
  | { kind: 'refund' }
  /** A forgotten or lost password: the reset link by mail, or the account settings. */
  | { kind: 'passwordReset' }
  | { kind: 'studio' }
  | { kind: 'about' }
  | { kind: 'greeting' }
  | { kind: 'thanks' }
  | { kind: 'unknown' };

/** Lower case, accents removed (ganó -> gano, Erlös -> erlos), single spaces. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const words = (pattern: string) => new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${pattern})`, 'u');

const KEYWORDS = {
  earn: words(
    'earn|income|revenue|made money|make money|ganad|ganancia|ingreso|gane|gano|verdien|einnahme|einkommen|erlos|umsatz',
  ),
  month: words('month|mes\\b|mensual|monat'),
  total: words('total|all time|overall|ever\\b|in all|siempre|insgesamt|gesamt|bisher'),
  sales: words('sales|sale\\b|venta|verkauf'),
  sold: words('sell|sold|vend|verkauft'),
  howMany: words('how many|how much|count|number|cuant|numero|wie viel|anzahl'),
  my: words('my\\b|mine|mis?\\b|mein'),
  followers: words('follower|seguidor|fans?\\b|abonnent'),
  best: words(
    'best|top\\b|most popular|mejor|mas vendid|mas popular|beste|bestseller|meistverkauft|beliebtest|erfolgreichst',
  ),
  item: words('item|product|work\\b|articulo|producto|obra|artikel|produkt|werk'),
  wallet: words('wallet|balance|saldo|monedero|cartera|guthaben|kontostand|geldborse|brieftasche'),
  tiers: words(
    'tier|membership|member|subscri|hypr|plan\\b|plans\\b|suscri|membresia|nivel|mitglied|abonnement|abos?\\b|stufe',
  ),
  refund: words(
    'refund|money back|reimburs|chargeback|charge back|ruckerstatt|reembols|devolucion|devuelv|devolver|dinero de vuelta|erstatt|geld zuruck|zuruckbuch|zuruckgeb',
  ),
  password: words('password|passwort|kennwort|contrasena|clave\\b'),
  passwordLost: words(
    'reset|forgot|forgotten|lost|recover|remember|change|new password|restable|olvid|recuper|perdi|cambi|nueva|recordar|zurucksetz|zuruck\\b|vergessen|verlor|wiederherstell|ander|neues|erinner',
  ),
  studio: words('studio|prompt|draft|visual|estudio|borrador|entwurf|entwurfe'),
  upload: words(
    'upload|publish|sell\\b|selling|new item|subir|sube\\b|subo\\b|publicar|publico|vender|hochlad|lade\\b.*\\bhoch\\b|veroffentlich|verkaufe',
  ),
  registration: words(
    'regist|sign up|signup|sign in|log in|login|create an account|account|cuenta|inicia|konto|anmeld|einlogg',
  ),
  find: words(
    'find|discover|search|browse|follow\\b|buscar|busco|encontrar|encuentro|descubr|seguir|finde|entdeck|such|folgen',
  ),
  contact: words('contact|support|email|soporte|contacto|kontakt|hilfe anfordern'),
  interface: words('theme|dark mode|language|idioma|tema\\b|temas\\b|sprache|design|aussehen'),
  dashboard: words('dashboard|panel de control|metric|metrica|statistik|kennzahl'),
  security: words(
    'security|secure|safe|password|seguridad|seguro|contrasena|sicherheit|sicher\\b|passwort',
  ),
  updates: words('update|upgrade|migration|actualiz|aktualisier'),
  mobile: words('mobile|phone|tablet|movil|celular|handy|smartphone|telefon'),
  features: words('feature|what can|funciones|caracteristicas|que puedo|funktionen|was kann'),
  about: words(
    'who are you|what are you|are you an? ai|are you a bot|chatgpt|llm|language model|privacy|private|my data|quien eres|que eres|eres una? ia|privacidad|mis datos|wer bist du|was bist du|bist du eine ki|datenschutz|meine daten',
  ),
  greeting: words(
    'hi\\b|hello|hey\\b|good (morning|evening|afternoon)|hola|buenas|buenos dias|hallo|servus|moin|guten (tag|morgen|abend)',
  ),
  thanks: words('thank|thx|gracias|danke'),
} as const;

type Keyword = keyof typeof KEYWORDS;

/** The intent of one message; pure, so the rules are unit-tested case by case. */
export function detectIntent(message: string): Intent {
  const text = normalize(message);
  const has = (keyword: Keyword) => KEYWORDS[keyword].test(text);
  // "How do I sell?" is about uploading; "how many did I sell?" is a figure.
  const asksSales =
    (has('sales') && (has('howMany') || has('month') || has('my'))) ||
    (has('sold') && (has('howMany') || has('month')));
  const asksFigure = has('earn') || has('wallet') || has('followers') || asksSales;

  if (asksFigure && /@[\p{L}\p{N}_]{2,}/u.test(text)) return { kind: 'othersFigures' };
  // Before figures and tiers: "money back for my membership" asks about a refund.
  if (has('refund')) return { kind: 'refund' };
  if (has('password') && has('passwordLost')) return { kind: 'passwordReset' };
  if (has('earn')) {
    if (has('total') && !has('month')) return { kind: 'figure', figure: 'earningsTotal' };
    return { kind: 'figure', figure: has('month') ? 'earningsMonth' : 'earnings' };
  }
  if (has('wallet')) return { kind: 'figure', figure: 'wallet' };
  if (has('followers')) return { kind: 'figure', figure: 'followers' };
  if (has('best') && (has('item') || has('sales') || has('sold') || has('my'))) {
    return { kind: 'figure', figure: 'bestItem' };
  }
  if (asksSales) return { kind: 'figure', figure: 'sales' };
  if (has('about')) return { kind: 'about' };
  if (has('tiers')) return { kind: 'tiers' };
  if (has('studio')) return { kind: 'studio' };
  if (has('upload')) return { kind: 'help', topic: 'upload' };
  if (has('find')) return { kind: 'help', topic: 'find' };
  if (has('contact')) return { kind: 'help', topic: 'contact' };
  if (has('security')) return { kind: 'feature', topic: 'security' };
  if (has('registration')) return { kind: 'help', topic: 'registration' };
  if (has('interface')) return { kind: 'feature', topic: 'interface' };
  if (has('dashboard')) return { kind: 'feature', topic: 'dashboard' };
  if (has('updates')) return { kind: 'feature', topic: 'updates' };
  if (has('mobile')) return { kind: 'feature', topic: 'mobile' };
  if (has('features')) return { kind: 'features' };
  if (has('thanks')) return { kind: 'thanks' };
  if (has('greeting')) return { kind: 'greeting' };
  return { kind: 'unknown' };
}
