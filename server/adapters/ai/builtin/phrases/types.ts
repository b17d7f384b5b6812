/** Everything the built-in guide says, per language; FAQ and feature texts come from knowledge.ts. */
export interface Phrases {
  /** Intl locale for money and dates. */
  locale: string;
  /** Joins the last two items of a list ("€5.00 and $4.50"). */
  and: string;
  greeting: string;
  thanks: string;
  /** Says honestly what the guide is and what stays on the server. */
  about: string;
  unknown: string;
  signInForFigures: string;
  onlyOwnFigures: string;
  earningsMonth(amounts: string, since: string): string;
  noEarningsMonth(since: string): string;
  earningsTotal(amounts: string): string;
  noEarningsTotal: string;
  sales(count: number, since: string): string;
  followers(count: number): string;
  bestItem(title: string, sales: number, earned: string): string;
  noBestItem: string;
  wallet(amount: string): string;
  tiers(hypr: string, hyprSoul: string): string;
  studio: string;
  featuresLead: string;
  /** Follow-up questions offered as `Option:` lines; each is understood again by intents.ts. */
  questions: {
    earningsMonth: string;
    earningsTotal: string;
    sales: string;
    followers: string;
    bestItem: string;
    wallet: string;
    tiers: string;
    studio: string;
    features: string;
    about: string;
  };
}
