import type { Phrases } from './types';

export const en: Phrases = {
  locale: 'en-US',
  and: 'and',
  greeting:
    'Hello! I am the Aura guide. I can explain how Aura works and, once you are signed in, tell you your own figures.',
  thanks: 'You are welcome. Anything else I can help with?',
  about:
    'I am the built-in guide of this Aura server: a set of rules, not a language model. I answer from the help and features pages and, for signed-in users, from their own figures in the database. Your questions and drafts stay on this server unless its operator connects an outside model.',
  unknown:
    'I am a rule-based guide and did not recognise that question. I can explain registration, uploading, finding items, memberships, the studio and support, and tell signed-in users their earnings, sales, followers, best item and wallet balance.',
  signInForFigures:
    'Sign in and ask me again: I tell each signed-in user their own earnings, sales, followers and wallet balance, and nobody else’s.',
  onlyOwnFigures:
    'I can only tell you your own figures, never another person’s. Ask me about your earnings, sales, followers or wallet.',
  earningsMonth: (amounts, since) =>
    `Your earnings this month (since ${since}, after the platform fee): ${amounts}.`,
  noEarningsMonth: (since) =>
    `You have no earnings this month yet (since ${since}). Every sale and membership payment is credited after the platform fee.`,
  earningsTotal: (amounts) => `Your earnings in total (after the platform fee): ${amounts}.`,
  noEarningsTotal:
    'You have no earnings yet. Publish an item with a price or offer your membership tiers to start.',
  sales: (count, since) =>
    count === 1
      ? `You sold 1 item this month (since ${since}).`
      : `You sold ${count} items this month (since ${since}).`,
  followers: (count) => (count === 1 ? 'You have 1 follower.' : `You have ${count} followers.`),
  bestItem: (title, sales, earned) =>
    `Your best-selling item is “${title}” with ${sales} ${sales === 1 ? 'sale' : 'sales'} (${earned} after the platform fee).`,
  noBestItem: 'None of your items has sold yet, so there is no best-selling item.',
  wallet: (amount) => `Your wallet balance is ${amount}. You can top it up on the wallet page.`,
  tiers: (hypr, hyprSoul) =>
    `Aura has three membership tiers: Aura is free, Hypr costs ${hypr} a month and HyprSoul ${hyprSoul} a month. HyprSoul includes everything Hypr unlocks. Subscribe from a creator’s profile; a membership renews monthly until you cancel it in your wallet.`,
  studio:
    'The studio has three modes: prompt turns an idea into creative prompts, visual draws a placeholder image from your words, and draft writes a title, description and tags you can send to the upload form.',
  featuresLead: 'What Aura offers:',
  questions: {
    earningsMonth: 'How much did I earn this month?',
    earningsTotal: 'How much have I earned in total?',
    sales: 'How many sales did I make this month?',
    followers: 'How many followers do I have?',
    bestItem: 'What is my best-selling item?',
    wallet: 'What is my wallet balance?',
    tiers: 'What do the membership tiers cost?',
    studio: 'What can the studio do?',
    features: 'What features does Aura have?',
    about: 'Who are you?',
  },
};
