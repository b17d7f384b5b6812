import { describe, expect, it } from 'vitest';
import { splitOptions } from '../../../../common/rules/ai-reply';
import { chatAnswer } from './chat';

const answer = async (message: string, language: 'en' | 'es' | 'de') =>
  splitOptions(await chatAnswer({ message, language, figures: null }));

/*
 * Refunds and a lost password (issue 41): each answer states what Aura really does
 * (docs/payments.md "What buyers keep", docs/email.md "Password reset"), in the asker's language.
 */
describe.each([
  {
    language: 'en',
    refunds: ['How do I get a refund?', 'Can I have my money back?'],
    refund: [/no refund button/, /wallet balance/, /end of the paid month/, /support/],
    passwords: ['reset my password', 'I forgot my password'],
    password: [/“Forgot password\?”/, /30 minutes/, /Account settings/, /spam/],
  },
  {
    language: 'es',
    refunds: ['¿Cómo pido un reembolso?', 'Quiero que me devuelvan el dinero'],
    refund: [/no tiene un botón de reembolso/, /saldo de tu monedero/, /final del mes pagado/],
    passwords: ['Olvidé mi contraseña', 'restablecer mi contraseña'],
    password: [/«¿Has olvidado tu contraseña\?»/, /30 minutos/, /Ajustes de la cuenta/, /spam/],
  },
  {
    language: 'de',
    refunds: ['Wie bekomme ich eine Rückerstattung?', 'Kann ich mein Geld zurückbekommen?'],
    refund: [/keinen Erstattungsknopf/, /Guthaben zurück/, /Ende des bezahlten Monats/],
    passwords: ['Passwort vergessen', 'Wie setze ich mein Passwort zurück?'],
    password: [/„Passwort vergessen\?“/, /30 Minuten/, /Kontoeinstellungen/, /Spam-Ordner/],
  },
] as const)('in $language', ({ language, refunds, refund, passwords, password }) => {
  it('answers a refund question with what Aura does with payments', async () => {
    for (const question of refunds) {
      const { text, options } = await answer(question, language);
      for (const fact of refund) expect(text, question).toMatch(fact);
      expect(options.length).toBeGreaterThan(0);
      // The follow-ups are themselves understood and are not the same question again.
      for (const option of options) {
        expect((await answer(option, language)).text).not.toBe(text);
      }
    }
  });

  it('answers "reset my password" with the reset link and the account settings', async () => {
    for (const question of passwords) {
      const { text } = await answer(question, language);
      for (const fact of password) expect(text, question).toMatch(fact);
    }
  });
});
