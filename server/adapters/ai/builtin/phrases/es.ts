import type { Phrases } from './types';

export const es: Phrases = {
  locale: 'es-ES',
  and: 'y',
  greeting:
    '¡Hola! Soy la guía de Aura. Puedo explicarte cómo funciona Aura y, con la sesión iniciada, darte tus propias cifras.',
  thanks: 'De nada. ¿Te ayudo con algo más?',
  about:
    'Soy la guía integrada de este servidor Aura: un conjunto de reglas, no un modelo de lenguaje. Respondo con las páginas de ayuda y de funciones y, a los usuarios con sesión iniciada, con sus propias cifras de la base de datos. Tus preguntas y borradores se quedan en este servidor salvo que su operador conecte un modelo externo.',
  unknown:
    'Soy una guía basada en reglas y no he reconocido esa pregunta. Puedo explicar el registro, la subida de artículos, cómo encontrarlos, las membresías, el estudio y el soporte, y decir a los usuarios con sesión iniciada sus ganancias, ventas, seguidores, mejor artículo y saldo.',
  signInForFigures:
    'Inicia sesión y vuelve a preguntarme: a cada usuario con sesión iniciada le digo sus propias ganancias, ventas, seguidores y saldo, y nunca los de otra persona.',
  onlyOwnFigures:
    'Solo puedo darte tus propias cifras, nunca las de otra persona. Pregúntame por tus ganancias, ventas, seguidores o saldo.',
  earningsMonth: (amounts, since) =>
    `Tus ganancias de este mes (desde el ${since}, después de la comisión de la plataforma): ${amounts}.`,
  noEarningsMonth: (since) =>
    `Aún no tienes ganancias este mes (desde el ${since}). Cada venta y cada pago de membresía se abona después de la comisión de la plataforma.`,
  earningsTotal: (amounts) =>
    `Tus ganancias en total (después de la comisión de la plataforma): ${amounts}.`,
  noEarningsTotal:
    'Aún no tienes ganancias. Publica un artículo con precio u ofrece tus niveles de membresía para empezar.',
  sales: (count, since) =>
    count === 1
      ? `Este mes has vendido 1 artículo (desde el ${since}).`
      : `Este mes has vendido ${count} artículos (desde el ${since}).`,
  followers: (count) => (count === 1 ? 'Tienes 1 seguidor.' : `Tienes ${count} seguidores.`),
  bestItem: (title, sales, earned) =>
    `Tu artículo más vendido es «${title}», con ${sales} ${sales === 1 ? 'venta' : 'ventas'} (${earned} después de la comisión de la plataforma).`,
  noBestItem: 'Todavía no has vendido ningún artículo, así que no hay uno más vendido.',
  wallet: (amount) => `Tu saldo es de ${amount}. Puedes recargarlo en la página del monedero.`,
  tiers: (hypr, hyprSoul) =>
    `Aura tiene tres niveles de membresía: Aura es gratuito, Hypr cuesta ${hypr} al mes y HyprSoul ${hyprSoul} al mes. HyprSoul incluye todo lo que desbloquea Hypr. Suscríbete desde el perfil de un creador; la membresía se renueva cada mes hasta que la canceles en tu monedero.`,
  studio:
    'El estudio tiene tres modos: prompt convierte una idea en prompts creativos, visual dibuja una imagen provisional con tus palabras y borrador escribe un título, una descripción y etiquetas que puedes enviar al formulario de subida.',
  featuresLead: 'Lo que ofrece Aura:',
  questions: {
    earningsMonth: '¿Cuánto he ganado este mes?',
    earningsTotal: '¿Cuánto he ganado en total?',
    sales: '¿Cuántas ventas he hecho este mes?',
    followers: '¿Cuántos seguidores tengo?',
    bestItem: '¿Cuál es mi artículo más vendido?',
    wallet: '¿Cuál es mi saldo del monedero?',
    tiers: '¿Cuánto cuestan los niveles de membresía?',
    studio: '¿Qué puede hacer el estudio?',
    features: '¿Qué funciones tiene Aura?',
    about: '¿Quién eres?',
  },
};
