// French strings of the signed-in layouts (skip link, user area, full screen).

export const layout = {
  skipToContent: 'Aller au contenu',
  userArea: 'Compte',
  exitFullscreen: 'Quitter le plein écran',
} as const
