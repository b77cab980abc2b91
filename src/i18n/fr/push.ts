// French text of the alert notifications: the only strings the service worker shows, so the only
// module of src/i18n/fr/ it imports (conventions §3.5; the page reaches them through fr.alerts).

/** The notifications; also shown by the service worker (src/sw/alert-notification.ts). */
export const alertNotificationText = {
  callTitle: 'Appel entrant',
  callBody: (caller: string, lead: string | null) => (lead ? `${caller} · Lead : ${lead}` : caller),
  hiddenNumber: 'Numéro masqué',
  badgeTitle: 'Nouveau badge',
  badgeBody: (badge: string, earner: string | null) =>
    earner ? `${earner} a obtenu le badge « ${badge} ».` : `Vous avez obtenu le badge « ${badge} ».`,
  tentacallTitle: 'Nouveau tentacall',
  tentacallBody: (tentacall: string, count: number, earner: string | null) =>
    earner
      ? `${earner} a obtenu le tentacall « ${tentacall} » (${count} au total).`
      : `Vous avez obtenu le tentacall « ${tentacall} » (${count} au total).`,
  // Issue #15: to administrators, once per failing streak of a scheduled job.
  cronTitle: 'Tâche planifiée en échec',
  cronBody: (name: string, failures: number) => `« ${name} » a échoué ${failures} fois de suite.`,
  recallTitle: 'Rappel à faire',
  recallBody: (leadName: string, at: string) => `${leadName} : rappel prévu le ${at}.`,
} as const
