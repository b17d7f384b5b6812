import type { AssistantLanguage } from '../../../../common/schemas/ai';
import { DRAFT_LABELS } from '../../../../common/rules/ai-draft';

/** The families of categories whose items are described alike. */
export type ItemKind = 'sound' | 'moving' | 'image' | 'learning' | 'template' | 'life';

export interface StudioPhrases {
  labels: { title: string; description: string; tags: string; caption: string; altText: string };
  /** Prompt mode: ways to shape an idea, per kind of item. */
  styles: Record<ItemKind, readonly string[]>;
  /** Draft mode: who the item is for, per kind. */
  audience: Record<ItemKind, string>;
  closing: string;
  altText(idea: string): string;
  /** Words never used as tags. */
  stopwords: ReadonlySet<string>;
}

const label = (language: AssistantLanguage) => ({
  title: DRAFT_LABELS.title[language],
  description: DRAFT_LABELS.description[language],
  tags: DRAFT_LABELS.tags[language],
  caption: DRAFT_LABELS.caption[language],
  altText: DRAFT_LABELS.altText[language],
});

const en: StudioPhrases = {
  labels: label('en'),
  styles: {
    sound: [
      'warm analog texture at 85 BPM',
      'airy pads over a deep sub bass',
      'lo-fi drums with vinyl crackle',
      'a cinematic build with a quiet ending',
      'live instruments recorded up close',
    ],
    image: [
      'soft morning light and a shallow depth of field',
      'bold flat colours and clean shapes',
      'high-contrast black and white',
      'a pastel palette with film grain',
      'neon glow on a dark background',
    ],
    moving: [
      'one continuous handheld shot',
      'slow motion at golden hour',
      'a seamless ten-second loop',
      'quick cuts on the beat',
      'a calm static frame with ambient sound',
    ],
    learning: [
      'step by step for beginners',
      'a one-page cheat sheet',
      'five common mistakes and how to fix them',
      'a worked example from start to finish',
      'a short checklist to print',
    ],
    template: [
      'ready to edit in minutes',
      'a minimal layout with generous spacing',
      'three colour variants',
      'organised layers with clear names',
      'a dark and a light version',
    ],
    life: [
      'a personal story told in three moments',
      'a seven-day routine',
      'a behind-the-scenes look',
      'simple, honest and warm',
      'a seasonal twist',
    ],
  },
  audience: {
    sound: 'A sound for producers, streamers and anyone looking for the right mood.',
    image: 'A visual piece for collectors, designers and lovers of the craft.',
    moving: 'A clip for editors, storytellers and everyone who likes to watch.',
    learning: 'A guide for learners who want clear steps and quick results.',
    template: 'A template for makers who want to start fast and finish well.',
    life: 'For fans who want to follow along and try it themselves.',
  },
  closing: 'Unlock it and it is yours to enjoy right away.',
  altText: (idea) =>
    `Cover image for “${idea}”: a soft colour gradient with the words in the centre.`,
  stopwords: new Set(
    'about above after again also been being below both could does doing down during each from have having here into just more most much only other over same should some such than that their them then there these they this those through under until very want were what when where which while will with would your yours make made like'.split(
      ' ',
    ),
  ),
};

const es: StudioPhrases = {
  labels: label('es'),
  styles: {
    sound: [
      'textura analógica cálida a 85 BPM',
      'pads etéreos sobre un sub bajo profundo',
      'batería lo-fi con crujido de vinilo',
      'un crescendo cinematográfico con un final tranquilo',
      'instrumentos en vivo grabados de cerca',
    ],
    image: [
      'luz suave de la mañana y poca profundidad de campo',
      'colores planos y formas limpias',
      'blanco y negro de alto contraste',
      'paleta pastel con grano de película',
      'brillo neón sobre fondo oscuro',
    ],
    moving: [
      'un único plano continuo cámara en mano',
      'cámara lenta en la hora dorada',
      'un bucle perfecto de diez segundos',
      'cortes rápidos al ritmo',
      'un plano fijo y tranquilo con sonido ambiente',
    ],
    learning: [
      'paso a paso para principiantes',
      'una chuleta de una página',
      'cinco errores comunes y cómo evitarlos',
      'un ejemplo completo de principio a fin',
      'una lista breve para imprimir',
    ],
    template: [
      'lista para editar en minutos',
      'un diseño mínimo con mucho aire',
      'tres variantes de color',
      'capas ordenadas con nombres claros',
      'una versión oscura y otra clara',
    ],
    life: [
      'una historia personal en tres momentos',
      'una rutina de siete días',
      'una mirada entre bastidores',
      'sencillo, honesto y cercano',
      'un toque de temporada',
    ],
  },
  audience: {
    sound: 'Un sonido para productores, streamers y quien busque el ambiente justo.',
    image: 'Una pieza visual para coleccionistas, diseñadores y amantes del oficio.',
    moving: 'Un clip para editores, narradores y todo el que disfrute mirando.',
    learning: 'Una guía para quien quiere pasos claros y resultados rápidos.',
    template: 'Una plantilla para quien quiere empezar rápido y terminar bien.',
    life: 'Para fans que quieren acompañarte y probarlo por sí mismos.',
  },
  closing: 'Desbloquéalo y disfrútalo al momento.',
  altText: (idea) =>
    `Imagen de portada de «${idea}»: un degradado de color suave con las palabras en el centro.`,
  stopwords: new Set(
    'como cuando donde desde entre hasta hacia para pero porque sobre sino tambien tiene tienen este esta estos estas unos unas muy mas menos algo todo toda todos todas cada otro otra quiero hacer sobre mucho'.split(
      ' ',
    ),
  ),
};

const de: StudioPhrases = {
  labels: label('de'),
  styles: {
    sound: [
      'warme analoge Textur bei 85 BPM',
      'luftige Flächen über einem tiefen Subbass',
      'Lo-Fi-Drums mit Vinylknistern',
      'ein filmischer Aufbau mit leisem Ende',
      'nah aufgenommene Live-Instrumente',
    ],
    image: [
      'weiches Morgenlicht und geringe Schärfentiefe',
      'kräftige flache Farben und klare Formen',
      'kontrastreiches Schwarz-Weiß',
      'Pastellpalette mit Filmkorn',
      'Neonleuchten auf dunklem Grund',
    ],
    moving: [
      'eine durchgehende Handkamera-Einstellung',
      'Zeitlupe zur goldenen Stunde',
      'ein nahtloser Zehn-Sekunden-Loop',
      'schnelle Schnitte im Takt',
      'eine ruhige, feste Einstellung mit Umgebungston',
    ],
    learning: [
      'Schritt für Schritt für Einsteiger',
      'ein Spickzettel auf einer Seite',
      'fünf häufige Fehler und wie man sie behebt',
      'ein durchgerechnetes Beispiel von Anfang bis Ende',
      'eine kurze Checkliste zum Ausdrucken',
    ],
    template: [
      'in Minuten bearbeitet',
      'ein minimales Layout mit viel Weißraum',
      'drei Farbvarianten',
      'geordnete Ebenen mit klaren Namen',
      'eine dunkle und eine helle Version',
    ],
    life: [
      'eine persönliche Geschichte in drei Momenten',
      'eine Sieben-Tage-Routine',
      'ein Blick hinter die Kulissen',
      'schlicht, ehrlich und herzlich',
      'eine saisonale Note',
    ],
  },
  audience: {
    sound: 'Ein Sound für Produzenten, Streamer und alle, die die passende Stimmung suchen.',
    image: 'Ein visuelles Werk für Sammler, Designer und Liebhaber des Handwerks.',
    moving: 'Ein Clip für Cutter, Erzähler und alle, die gern zuschauen.',
    learning: 'Eine Anleitung für alle, die klare Schritte und schnelle Ergebnisse wollen.',
    template: 'Eine Vorlage für alle, die schnell anfangen und gut abschließen wollen.',
    life: 'Für Fans, die mitmachen und es selbst ausprobieren wollen.',
  },
  closing: 'Freischalten und sofort genießen.',
  altText: (idea) => `Titelbild zu „${idea}“: ein weicher Farbverlauf mit den Worten in der Mitte.`,
  stopwords: new Set(
    'aber auch dass dein deine diese dieser dieses doch durch eine einem einen einer eines etwas für habe haben hier immer mein meine mehr noch oder ohne sehr sein seine sind über unter viel weil wenn werden wird wollen machen möchte'.split(
      ' ',
    ),
  ),
};

export const STUDIO_PHRASES: Record<AssistantLanguage, StudioPhrases> = { en, es, de };
