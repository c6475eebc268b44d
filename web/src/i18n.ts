/**
 * The widget's own words in the languages the service translates its texts into (program titles,
 * activity sentences and error messages come translated from the API). English fills any gap.
 */
const EN = {
  title: 'Your rewards',
  points: '{n} points',
  balance: 'Points balance',
  tier: 'Tier',
  toNext: '{n} points to {tier}',
  topTier: 'You have reached the top tier',
  earn: 'Ways to earn',
  claim: 'Claim',
  earned: 'Earned',
  checkIn: 'Check in',
  streakDay: 'Day {current} of {total}',
  gained: '+{n} points',
  rewards: 'Rewards',
  redeem: 'Redeem',
  notEnough: 'Not enough points',
  pointsToSpend: 'Points to spend',
  gift: 'Choose your gift',
  yourCode: 'Your code: {code}',
  copy: 'Copy',
  copied: 'Copied',
  coupons: 'Your coupons',
  noCoupons: 'No coupons yet',
  history: 'Activity',
  newer: 'Newer',
  older: 'Older',
  noActivity: 'No activity yet',
  language: 'Language',
  loading: 'Loading…',
  tooMany: 'Too many requests. Try again in {s} seconds.',
  busy: 'The service is busy. Try again in a moment.',
  signIn: 'We could not sign you in. Reload the page to try again.',
  failed: 'Something went wrong. Try again.',
};

export type Words = typeof EN;

const WORDS: Record<string, Partial<Words>> = {
  en: EN,
  fr: {
    title: 'Vos récompenses',
    points: '{n} points',
    balance: 'Solde de points',
    tier: 'Niveau',
    toNext: '{n} points avant {tier}',
    topTier: 'Vous avez atteint le niveau le plus haut',
    earn: 'Gagner des points',
    claim: 'Réclamer',
    earned: 'Obtenu',
    checkIn: 'Pointer',
    streakDay: 'Jour {current} sur {total}',
    gained: '+{n} points',
    rewards: 'Récompenses',
    redeem: 'Échanger',
    notEnough: 'Pas assez de points',
    pointsToSpend: 'Points à dépenser',
    gift: 'Choisissez votre cadeau',
    yourCode: 'Votre code : {code}',
    copy: 'Copier',
    copied: 'Copié',
    coupons: 'Vos bons',
    noCoupons: 'Aucun bon pour le moment',
    history: 'Activité',
    newer: 'Plus récent',
    older: 'Plus ancien',
    noActivity: 'Aucune activité pour le moment',
    language: 'Langue',
    loading: 'Chargement…',
    tooMany: 'Trop de demandes. Réessayez dans {s} secondes.',
    busy: 'Le service est occupé. Réessayez dans un instant.',
    signIn: 'Connexion impossible. Rechargez la page pour réessayer.',
    failed: 'Une erreur est survenue. Réessayez.',
  },
  de: {
    title: 'Ihre Prämien',
    points: '{n} Punkte',
    balance: 'Punktestand',
    tier: 'Stufe',
    toNext: 'Noch {n} Punkte bis {tier}',
    topTier: 'Sie haben die höchste Stufe erreicht',
    earn: 'Punkte sammeln',
    claim: 'Einlösen',
    earned: 'Erhalten',
    checkIn: 'Einchecken',
    streakDay: 'Tag {current} von {total}',
    rewards: 'Prämien',
    redeem: 'Einlösen',
    notEnough: 'Nicht genug Punkte',
    pointsToSpend: 'Einzulösende Punkte',
    gift: 'Wählen Sie Ihr Geschenk',
    yourCode: 'Ihr Code: {code}',
    copy: 'Kopieren',
    copied: 'Kopiert',
    coupons: 'Ihre Gutscheine',
    noCoupons: 'Noch keine Gutscheine',
    history: 'Aktivität',
    newer: 'Neuer',
    older: 'Älter',
    noActivity: 'Noch keine Aktivität',
    language: 'Sprache',
    loading: 'Wird geladen…',
    tooMany: 'Zu viele Anfragen. Versuchen Sie es in {s} Sekunden erneut.',
    busy: 'Der Dienst ist ausgelastet. Versuchen Sie es gleich erneut.',
    signIn: 'Anmeldung nicht möglich. Laden Sie die Seite neu.',
    failed: 'Etwas ist schiefgelaufen. Bitte erneut versuchen.',
  },
  es: {
    title: 'Tus recompensas',
    points: '{n} puntos',
    balance: 'Saldo de puntos',
    tier: 'Nivel',
    toNext: '{n} puntos para {tier}',
    topTier: 'Has alcanzado el nivel más alto',
    earn: 'Formas de ganar',
    claim: 'Reclamar',
    earned: 'Conseguido',
    checkIn: 'Registrarse hoy',
    streakDay: 'Día {current} de {total}',
    gained: '+{n} puntos',
    rewards: 'Recompensas',
    redeem: 'Canjear',
    notEnough: 'No tienes puntos suficientes',
    pointsToSpend: 'Puntos a gastar',
    gift: 'Elige tu regalo',
    yourCode: 'Tu código: {code}',
    copy: 'Copiar',
    copied: 'Copiado',
    coupons: 'Tus cupones',
    noCoupons: 'Aún no tienes cupones',
    history: 'Actividad',
    newer: 'Más recientes',
    older: 'Más antiguas',
    noActivity: 'Aún no hay actividad',
    language: 'Idioma',
    loading: 'Cargando…',
    tooMany: 'Demasiadas solicitudes. Inténtalo de nuevo en {s} segundos.',
    busy: 'El servicio está ocupado. Inténtalo de nuevo en un momento.',
    signIn: 'No pudimos iniciar tu sesión. Recarga la página.',
    failed: 'Algo salió mal. Inténtalo de nuevo.',
  },
};

/** The languages offered by the widget's switcher, each named in itself. */
export const LANGUAGES: Array<[string, string]> = [
  ['en', 'English'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
];

/** The closest language the widget speaks: `fr-CA` reads `fr`; anything else English. */
export function widgetLanguage(locale: string): string {
  const base = locale.toLowerCase().split(/[-_]/)[0];
  return base in WORDS ? base : 'en';
}

export type Translate = (key: keyof Words, values?: Record<string, string | number>) => string;

export function translator(locale: string): Translate {
  const words = { ...EN, ...WORDS[widgetLanguage(locale)] };
  const numbers = new Intl.NumberFormat(locale);
  return (key, values = {}) =>
    words[key].replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[name];
      return typeof value === 'number' ? numbers.format(value) : (value ?? '');
    });
}
