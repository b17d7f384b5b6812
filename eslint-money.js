// One money formatter (issue "One owner for every shared concept"): amounts travel as cents and
// a currency, and text is made only by common/rules/money.ts. This rule refuses what a second
// money formatter is made of anywhere else:
//   - `x.toFixed(2)`: hand-made decimals ("4.50", then "4.50 EUR");
//   - `Intl.NumberFormat` or `toLocaleString` with `style: 'currency'` or a `currency` option;
//   - a currency sign or code glued to a template expression (`${x} €`, `€${x}`, `${x} EUR`).
// Plain numbers (`new Intl.NumberFormat(locale)` for counts) stay allowed.

/** The module that owns money text. */
export const MONEY_MODULE = 'common/rules/money.ts';

const CURRENCY_AFTER = /^\s?(€|\$|EUR\b|USD\b)/;
const CURRENCY_BEFORE = /(€|\$|EUR|USD)\s?$/;

const isNamed = (node, name) =>
  (node?.type === 'Identifier' && node.name === name) ||
  (node?.type === 'Literal' && node.value === name);

const propertyName = (member) =>
  member?.type === 'MemberExpression'
    ? member.computed
      ? member.property.type === 'Literal'
        ? member.property.value
        : null
      : member.property.name
    : null;

/** Whether an options object asks for currency formatting. */
function hasCurrencyOption(node) {
  if (node?.type !== 'ObjectExpression') return false;
  return node.properties.some(
    (p) =>
      p.type === 'Property' &&
      (isNamed(p.key, 'currency') ||
        (isNamed(p.key, 'style') && p.value.type === 'Literal' && p.value.value === 'currency')),
  );
}

const isIntlNumberFormat = (callee) =>
  propertyName(callee) === 'NumberFormat' && isNamed(callee.object, 'Intl');

const message = `Format money only with ${MONEY_MODULE} (formatMoney, specPriceText, centsToDecimalString).`;

const oneMoneyFormatter = {
  meta: {
    type: 'problem',
    docs: { description: `Money text is made only by ${MONEY_MODULE}.` },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const name = propertyName(node.callee);
      if (
        name === 'toFixed' &&
        node.arguments[0]?.type === 'Literal' &&
        node.arguments[0].value === 2
      ) {
        context.report({ node, message });
      } else if (isIntlNumberFormat(node.callee) && node.arguments.some(hasCurrencyOption)) {
        context.report({ node, message });
      } else if (name === 'toLocaleString' && node.arguments.some(hasCurrencyOption)) {
        context.report({ node, message });
      }
    };
    return {
      CallExpression: check,
      NewExpression: check,
      TemplateLiteral(node) {
        const glued = node.expressions.some(
          (_, i) =>
            CURRENCY_BEFORE.test(node.quasis[i].value.cooked ?? '') ||
            CURRENCY_AFTER.test(node.quasis[i + 1].value.cooked ?? ''),
        );
        if (glued) context.report({ node, message });
      },
    };
  },
};

/** The flat-config entry: every source file but the money module and tests. */
export function moneyConfig() {
  return {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [MONEY_MODULE, '**/*.test.{ts,tsx}', 'e2e/**'],
    plugins: { money: { rules: { 'one-formatter': oneMoneyFormatter } } },
    rules: { 'money/one-formatter': 'error' },
  };
}
