import { formatMoney } from '../../../../common/rules/money';
import { TIER_CURRENCY, TIER_PRICE_CENTS } from '../../../../common/rules/tiers';
import { OPTION_PREFIX } from '../../../../common/rules/ai-reply';
import type { AssistantLanguage } from '../../../../common/schemas/ai';
import type { FigureReader, Money } from '../provider';
import { detectIntent, type FigureIntent, type Intent } from './intents';
import { knowledgeOf } from './knowledge';
import type { TFunction } from 'i18next';
import { textsIn } from '../../../i18n';

/**
 * The assistant panel without a model: one rule-based answer plus `Option:` follow-ups. What it
 * says is in the `assistant` namespace of the locale files (`chat.*`).
 */

/** Intl locales for money and dates. */
export const INTL_LOCALE: Record<AssistantLanguage, string> = {
  en: 'en-US',
  es: 'es-ES',
  de: 'de-DE',
};

interface Phrases {
  t: TFunction<'assistant'>;
  locale: string;
}

/** Amounts per currency as one phrase: "€8.99 and $4.50" (never one sum across currencies). */
function formatAmounts(phrases: Phrases, amounts: Money[]): string {
  const parts = amounts.map((m) => formatMoney(m.cents, m.currency, phrases.locale));
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} ${phrases.t('chat.and')} ${parts.at(-1)}`;
}

const formatDay = (phrases: Phrases, date: Date) =>
  new Intl.DateTimeFormat(phrases.locale, {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(date);

const nonZero = (amounts: Money[]) => amounts.filter((m) => m.cents !== 0);

async function figureAnswer(
  phrases: Phrases,
  figure: FigureIntent,
  figures: FigureReader,
): Promise<string> {
  const { t } = phrases;
  const since = formatDay(phrases, figures.monthStart);
  const monthText = async () => {
    const month = nonZero(await figures.earningsThisMonth());
    return month.length > 0
      ? t('chat.earningsMonth', { replace: { amounts: formatAmounts(phrases, month), since } })
      : t('chat.noEarningsMonth', { replace: { since } });
  };
  const totalText = async () => {
    const total = nonZero(await figures.earningsTotal());
    return total.length > 0
      ? t('chat.earningsTotal', { replace: { amounts: formatAmounts(phrases, total) } })
      : t('chat.noEarningsTotal');
  };
  switch (figure) {
    case 'earningsMonth':
      return monthText();
    case 'earningsTotal':
      return totalText();
    case 'earnings':
      return `${await monthText()} ${await totalText()}`;
    case 'sales': {
      const count = await figures.salesThisMonth();
      return t('chat.sales', { count, replace: { count, since } });
    }
    case 'followers': {
      const count = await figures.followers();
      return t('chat.followers', { count, replace: { count } });
    }
    case 'bestItem': {
      const best = await figures.bestItem();
      if (!best) return t('chat.noBestItem');
      const earned = formatAmounts(phrases, best.earned);
      return t('chat.bestItem', {
        count: best.sales,
        replace: { count: best.sales, title: best.title, earned },
      });
    }
    case 'wallet': {
      const balance = await figures.walletBalance();
      const amount = formatMoney(balance.cents, balance.currency, phrases.locale);
      return t('chat.wallet', { replace: { amount } });
    }
  }
}

/** Which follow-up questions make sense after an answer, for a signed-in or signed-out user. */
function candidateOptions(
  intent: Intent,
  phrases: Phrases,
  language: AssistantLanguage,
  isSignedIn: boolean,
): string[] {
  const q = phrases.t('chat.questions', { returnObjects: true });
  const faq = knowledgeOf(language).faq;
  if (!isSignedIn) {
    const byTopic: Partial<Record<Intent['kind'], string[]>> = {
      help: [faq.upload.question, q.tiers, q.studio],
      tiers: [faq.registration.question, faq.find.question, q.features],
      refund: [q.tiers, faq.contact.question, q.passwordReset],
      passwordReset: [faq.registration.question, faq.contact.question, q.refund],
    };
    return byTopic[intent.kind] ?? [faq.registration.question, faq.find.question, q.tiers];
  }
  if (intent.kind === 'figure') {
    const next: Record<FigureIntent, string[]> = {
      earnings: [q.sales, q.bestItem, q.wallet],
      earningsMonth: [q.earningsTotal, q.sales, q.bestItem],
      earningsTotal: [q.earningsMonth, q.bestItem, q.followers],
      sales: [q.earningsMonth, q.bestItem, q.followers],
      followers: [q.earningsMonth, q.bestItem, faq.find.question],
      bestItem: [q.sales, q.earningsMonth, q.studio],
      wallet: [q.earningsMonth, q.tiers, faq.find.question],
    };
    return next[intent.figure];
  }
  if (intent.kind === 'help' && intent.topic === 'upload') {
    return [q.studio, q.tiers, q.earningsMonth];
  }
  if (intent.kind === 'studio') return [faq.upload.question, q.bestItem, q.about];
  if (intent.kind === 'refund') return [q.wallet, q.tiers, faq.contact.question];
  if (intent.kind === 'passwordReset') return [faq.contact.question, q.refund, q.features];
  return [q.earningsMonth, faq.upload.question, q.studio];
}

function topicAnswer(intent: Intent, phrases: Phrases, language: AssistantLanguage): string {
  const knowledge = knowledgeOf(language);
  switch (intent.kind) {
    case 'help':
      return knowledge.faq[intent.topic].answer.replace(/\n\n/g, ' ');
    case 'feature': {
      const card = knowledge.features[intent.topic];
      return `${card.title}: ${card.text}`;
    }
    case 'features':
      return [
        knowledge.featuresIntro,
        phrases.t('chat.featuresLead'),
        ...Object.values(knowledge.features).map((card) => `- ${card.title}: ${card.text}`),
      ].join('\n');
    case 'tiers': {
      const price = (cents: number) => formatMoney(cents, TIER_CURRENCY, phrases.locale);
      return phrases.t('chat.tiers', {
        replace: { hypr: price(TIER_PRICE_CENTS.Hypr), hyprSoul: price(TIER_PRICE_CENTS.HyprSoul) },
      });
    }
    case 'refund':
      return phrases.t('chat.refund');
    case 'passwordReset':
      return phrases.t('chat.passwordReset');
    case 'studio':
      return phrases.t('chat.studio');
    case 'about':
      return phrases.t('chat.about');
    case 'greeting':
      return phrases.t('chat.greeting');
    case 'thanks':
      return phrases.t('chat.thanks');
    case 'othersFigures':
      return phrases.t('chat.onlyOwnFigures');
    default:
      return phrases.t('chat.unknown');
  }
}

const OPTIONS_SHOWN = 3;
const sameIntent = (a: Intent, b: Intent) => JSON.stringify(a) === JSON.stringify(b);

/** The candidates minus the question just answered, topped up from the general ones. */
function optionsAfter(
  intent: Intent,
  phrases: Phrases,
  language: AssistantLanguage,
  isSignedIn: boolean,
): string[] {
  const q = phrases.t('chat.questions', { returnObjects: true });
  const general = isSignedIn
    ? [q.earningsMonth, q.studio, q.features]
    : [q.tiers, q.features, q.about];
  const options: string[] = [];
  for (const option of [...candidateOptions(intent, phrases, language, isSignedIn), ...general]) {
    if (options.length === OPTIONS_SHOWN) break;
    if (!options.includes(option) && !sameIntent(detectIntent(option), intent)) {
      options.push(option);
    }
  }
  return options;
}

export interface ChatInput {
  message: string;
  language: AssistantLanguage;
  /** The caller's own figures; null when signed out. */
  figures: FigureReader | null;
}

/** SPEC §2/§4: the answer, then one `Option:` line per sensible next question. */
export async function chatAnswer(input: ChatInput): Promise<string> {
  const phrases: Phrases = {
    t: textsIn(input.language, 'assistant'),
    locale: INTL_LOCALE[input.language],
  };
  const intent = detectIntent(input.message);
  let body: string;
  if (intent.kind === 'figure') {
    body = input.figures
      ? await figureAnswer(phrases, intent.figure, input.figures)
      : phrases.t('chat.signInForFigures');
  } else body = topicAnswer(intent, phrases, input.language);
  const options = optionsAfter(intent, phrases, input.language, input.figures !== null);
  return [body, '', ...options.map((option) => `${OPTION_PREFIX} ${option}`)].join('\n');
}
