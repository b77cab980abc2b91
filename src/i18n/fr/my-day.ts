// "Ma journée" on the home page of a call-capable user (issue #14). Its own module: it is the only
// text of the gamification on the first visit of /home; the screen's texts are in ./gamification.ts.
export const myDay = {
  title: 'Ma journée',
  loading: 'Chargement de votre journée…',
  failed: 'Votre journée n’a pas pu être chargée.',
  calls: 'Appels',
  answered: (n: number) => (n === 1 ? 'dont 1 décroché' : `dont ${n} décrochés`),
  appointments: 'Rendez-vous',
  experienceToday: 'XP aujourd’hui',
  gained: (points: string, positive: boolean) => (positive ? `+${points}` : points),
  recallsDue: 'Rappels à faire',
  recallsLink: (n: string) => `${n} — voir mes rappels`,
  level: (level: number) => `Niveau ${level}`,
  levelProgress: (level: number) => `Progression vers le niveau ${level}`,
  levelRemaining: (points: string, level: number) => `encore ${points} XP pour le niveau ${level}`,
  tentacallsTitle: 'Mes tentacalls en cours',
  tentacall: (name: string, current: number) => `${name} : ${current}`,
  record: (record: number) => `record ${record}`,
  progressLink: 'Voir toute ma progression',
} as const
