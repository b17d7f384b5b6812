import { describe, expect, it } from 'vitest';
import { ASSISTANT_LANGUAGES } from '../../../../common/schemas/ai';
import { textsIn } from '../../../i18n';
import { detectIntent, normalize } from './intents';
import { knowledgeOf } from './knowledge';

describe('detectIntent', () => {
  it.each([
    ['How much did I earn this month?', { kind: 'figure', figure: 'earningsMonth' }],
    ['¿Cuánto gané este mes?', { kind: 'figure', figure: 'earningsMonth' }],
    ['Wie viel habe ich diesen Monat verdient?', { kind: 'figure', figure: 'earningsMonth' }],
    ['what are my earnings', { kind: 'figure', figure: 'earnings' }],
    ['Total revenue ever?', { kind: 'figure', figure: 'earningsTotal' }],
    ['how many items did I sell this month', { kind: 'figure', figure: 'sales' }],
    ['What are my sales?', { kind: 'figure', figure: 'sales' }],
    ['How many sales this month?', { kind: 'figure', figure: 'sales' }],
    ['Wie viele Verkäufe hatte ich?', { kind: 'figure', figure: 'sales' }],
    ['Which is my top product?', { kind: 'figure', figure: 'bestItem' }],
    ['Mein Guthaben bitte', { kind: 'figure', figure: 'wallet' }],
    ['how many fans follow me', { kind: 'figure', figure: 'followers' }],
    ['How much did @someone earn?', { kind: 'othersFigures' }],
    ['How do I sell my art?', { kind: 'help', topic: 'upload' }],
    ['Wie verkaufe ich Artikel?', { kind: 'help', topic: 'upload' }],
    ['How do I follow a creator?', { kind: 'help', topic: 'find' }],
    ['Is there a dark mode?', { kind: 'feature', topic: 'interface' }],
    ['Are passwords safe here?', { kind: 'feature', topic: 'security' }],
    ['How do I get a refund?', { kind: 'refund' }],
    ['I want my money back for my membership', { kind: 'refund' }],
    ['¿Cómo pido un reembolso?', { kind: 'refund' }],
    ['Quiero que me devuelvan el dinero de mi compra', { kind: 'refund' }],
    ['Wie bekomme ich eine Rückerstattung?', { kind: 'refund' }],
    ['Bekomme ich mein Geld zurück, wenn ich das Abo kündige?', { kind: 'refund' }],
    ['reset my password', { kind: 'passwordReset' }],
    ['I forgot my password', { kind: 'passwordReset' }],
    ['Olvidé mi contraseña', { kind: 'passwordReset' }],
    ['¿Cómo restablezco la contraseña de mi cuenta?', { kind: 'passwordReset' }],
    ['Ich habe mein Passwort vergessen', { kind: 'passwordReset' }],
    ['Wie kann ich mein Passwort zurücksetzen?', { kind: 'passwordReset' }],
    ['What does HyprSoul cost?', { kind: 'tiers' }],
    ['Are you an AI?', { kind: 'about' }],
    ['Hallo', { kind: 'greeting' }],
    ['Thanks!', { kind: 'thanks' }],
    ['Quantum chromodynamics', { kind: 'unknown' }],
  ])('%s', (message, intent) => {
    expect(detectIntent(message)).toEqual(intent);
  });

  it('is not fooled by letter case, accents or spacing', () => {
    expect(normalize('  ¿CUÁNTO   Gané?  Erlös, Straße ')).toBe('¿cuanto gane? erlos, strasse');
  });

  describe.each(ASSISTANT_LANGUAGES)('in %s', (language) => {
    it('understands every question it offers as an Option: line', () => {
      for (const [name, question] of Object.entries(
        textsIn(language, 'assistant')('chat.questions', { returnObjects: true }),
      )) {
        const intent = detectIntent(question);
        expect(intent.kind, `${name}: ${question}`).not.toBe('unknown');
      }
    });

    it('understands every FAQ question of the help page as that topic', () => {
      for (const [topic, { question }] of Object.entries(knowledgeOf(language).faq)) {
        expect(detectIntent(question), question).toEqual({ kind: 'help', topic });
      }
    });
  });
});
