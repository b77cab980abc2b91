// Fixed reference lists for the demo seed (issue 2, "Demo data"). Plain data, no logic, so the
// seed itself stays readable. Names and places are common French ones; nothing here is a real person.
import type { Role, UserStatus } from '../../src/contracts/roles.ts'

/** Comma-separated lists keep long name tables compact (Prettier would put one item per line). */
function list(text: string): readonly string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
}

export type DemoUser = {
  email: string
  firstName: string
  lastName: string
  role: Role
  status: UserStatus
  /** Distinct telephony ids; null shows the "needs Aircall link" case (teleop8) or a non-caller (admin). */
  aircallId: number | null
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@demo.fr',
    firstName: 'Sophie',
    lastName: 'Marchand',
    role: 'ADMIN',
    status: 'ACTIVE',
    aircallId: null,
  },
  {
    email: 'manager@demo.fr',
    firstName: 'Julien',
    lastName: 'Roussel',
    role: 'MANAGER',
    status: 'ACTIVE',
    aircallId: 100001,
  },
  ...[
    ['Camille', 'Lefèvre'],
    ['Thomas', 'Girard'],
    ['Léa', 'Bonnet'],
    ['Hugo', 'Fontaine'],
    ['Manon', 'Chevalier'],
    ['Lucas', 'Mercier'],
    ['Chloé', 'Lambert'],
    ['Nathan', 'Faure'],
  ].map(([firstName = '', lastName = ''], index) => ({
    email: `teleop${index + 1}@demo.fr`,
    firstName,
    lastName,
    role: 'TELEOPERATOR' as const,
    status: 'ACTIVE' as const,
    aircallId: index + 1 === 8 ? null : 100002 + index,
  })),
  {
    email: 'inactif@demo.fr',
    firstName: 'Inès',
    lastName: 'Rousseau',
    role: 'TELEOPERATOR',
    status: 'INACTIVE',
    aircallId: 100010,
  },
]

const LYON_TEAM = [
  'manager@demo.fr',
  'teleop1@demo.fr',
  'teleop2@demo.fr',
  'teleop3@demo.fr',
  'teleop4@demo.fr',
]
const NANTES_TEAM = [
  'manager@demo.fr',
  'teleop5@demo.fr',
  'teleop6@demo.fr',
  'teleop7@demo.fr',
  'teleop8@demo.fr',
]

export const TEAMS: readonly { name: string; members: readonly string[] }[] = [
  { name: 'Équipe Lyon', members: LYON_TEAM },
  { name: 'Équipe Nantes', members: [...NANTES_TEAM, 'inactif@demo.fr'] },
]

export const FIRST_NAMES = list(`
  Marie, Jean, Pierre, Michel, Nathalie, Isabelle, Philippe, Sylvie, Catherine, Alain, Patrick, Nicolas,
  Christophe, Sandrine, Stéphane, Valérie, Christine, Frédéric, Laurent, Véronique, Éric, Céline, David,
  Sébastien, Julie, Aurélie, Émilie, Françoise, Monique, Jacques, Bernard, Daniel, Anne, Martine, Olivier,
  Thierry, Caroline, Virginie, Vincent, Jérôme, Élodie, Mathieu, Guillaume, Sarah, Pauline, Antoine,
  Maxime, Romain, Audrey, Camille, Léa, Manon, Hugo, Louis, Emma, Jade, Gabriel, Chantal, Jean-Pierre,
  Marie-Claire, Gérard, Hélène, Benoît
`)

export const LAST_NAMES = list(`
  Martin, Bernard, Thomas, Petit, Robert, Richard, Durand, Dubois, Moreau, Laurent, Simon, Michel,
  Lefebvre, Leroy, Roux, David, Bertrand, Morel, Fournier, Girard, Bonnet, Dupont, Lambert, Fontaine,
  Rousseau, Vincent, Muller, Lefèvre, Faure, André, Mercier, Blanc, Guérin, Boyer, Garnier, Chevalier,
  François, Legrand, Gauthier, Garcia, Perrin, Robin, Clément, Morin, Nicolas, Henry, Roussel, Mathieu,
  Gautier, Masson, Marchand, Duval, Denis, Dumont, Marie, Lemaire, Noël, Meyer, Dufour, Meunier, Brun,
  Blanchard, Giraud, Joly, Rivière, Lucas, Brunet, Gaillard, Barbier, Arnaud, Martinez, Gérard, Roche,
  Renard, Schmitt, Roy, Leroux, Colin, Vidal, Caron, Picard, Le Gall, Da Silva, Lemoine, Aubert
`)

export const EMAIL_DOMAINS = list(
  'gmail.com, orange.fr, free.fr, laposte.net, sfr.fr, hotmail.fr, wanadoo.fr, yahoo.fr',
)

export const STREETS = list(`
  rue Victor Hugo, avenue Jean Jaurès, boulevard Gambetta, place de la République, rue de la Paix,
  allée des Tilleuls, chemin des Vignes, impasse des Lilas, rue Pasteur, rue du Général de Gaulle,
  avenue de la Libération, rue des Écoles, rue de l'Église, rue du Moulin, route de Paris, rue Jules Ferry,
  avenue Foch, rue Émile Zola, rue des Acacias, boulevard Voltaire, rue Nationale, quai des Chartrons,
  rue du Château, avenue des Peupliers, rue Jean Moulin
`)

export type RegionCode = 'IDF' | 'ARA' | 'OCC' | 'NAQ' | 'OUEST' | 'NORD_EST'

export type City = {
  name: string
  postalCode: string
  region: RegionCode
  /** First three digits of local landlines after +33 (zone digit + the local block). */
  landline: string
}

function city(name: string, postalCode: string, region: RegionCode, landline: string): City {
  return { name, postalCode, region, landline }
}

export const CITIES: readonly City[] = [
  city('Paris', '75011', 'IDF', '143'),
  city('Paris', '75015', 'IDF', '145'),
  city('Paris', '75018', 'IDF', '142'),
  city('Boulogne-Billancourt', '92100', 'IDF', '146'),
  city('Saint-Denis', '93200', 'IDF', '148'),
  city('Versailles', '78000', 'IDF', '139'),
  city('Argenteuil', '95100', 'IDF', '134'),
  city('Créteil', '94000', 'IDF', '143'),
  city('Lyon', '69003', 'ARA', '478'),
  city('Villeurbanne', '69100', 'ARA', '472'),
  city('Grenoble', '38000', 'ARA', '476'),
  city('Saint-Étienne', '42000', 'ARA', '477'),
  city('Clermont-Ferrand', '63000', 'ARA', '473'),
  city('Annecy', '74000', 'ARA', '450'),
  city('Toulouse', '31000', 'OCC', '561'),
  city('Montpellier', '34000', 'OCC', '467'),
  city('Nîmes', '30000', 'OCC', '466'),
  city('Perpignan', '66000', 'OCC', '468'),
  city('Bordeaux', '33000', 'NAQ', '556'),
  city('Limoges', '87000', 'NAQ', '555'),
  city('Poitiers', '86000', 'NAQ', '549'),
  city('Pau', '64000', 'NAQ', '559'),
  city('La Rochelle', '17000', 'NAQ', '546'),
  city('Nantes', '44000', 'OUEST', '240'),
  city('Rennes', '35000', 'OUEST', '299'),
  city('Brest', '29200', 'OUEST', '298'),
  city('Angers', '49000', 'OUEST', '241'),
  city('Le Mans', '72000', 'OUEST', '243'),
  city('Lille', '59000', 'NORD_EST', '320'),
  city('Amiens', '80000', 'NORD_EST', '322'),
  city('Strasbourg', '67000', 'NORD_EST', '388'),
  city('Reims', '51100', 'NORD_EST', '326'),
  city('Metz', '57000', 'NORD_EST', '387'),
  city('Nancy', '54000', 'NORD_EST', '383'),
]

export const LEAD_COMMENTS = list(`
  Préfère être appelé en fin de journée., Rappeler après 18 h., Demande un devis par e-mail avant tout rendez-vous.,
  Déjà contacté par un concurrent le mois dernier., Maison de 1975 chauffée au fioul., Absent le mercredi.,
  Souhaite que son conjoint soit présent au rendez-vous., Très intéressé par les aides de l'État.,
  Ne pas appeler le week-end., Numéro professionnel : appeler en semaine uniquement.,
  Locataire : vérifier avec le propriétaire., A demandé à recevoir une documentation.,
  Client méfiant : bien présenter la société., Projet prévu pour le printemps prochain.
`)

export type MissionSeed = {
  name: string
  slug: string
  color: string
  /** Null takes the configured default (spec §9); one mission differs to show the duration varies. */
  leadProcessingDurationDays: number | null
  /** Index in CALL_PROCESSES. */
  callProcess: number
  markets: readonly { name: string; region: RegionCode }[]
  /** Who works the mission's leads (mission_users). */
  users: readonly string[]
  /** The teams it is opened to (mission_teams, issue #26): the teams of the users above. */
  teams: readonly string[]
}

export const MISSIONS: readonly MissionSeed[] = [
  {
    name: 'Rénovation énergétique',
    slug: 'renovation-energetique',
    color: '#2E7D32',
    leadProcessingDurationDays: null,
    callProcess: 0,
    markets: [
      { name: 'Particuliers Île-de-France', region: 'IDF' },
      { name: 'Particuliers Auvergne-Rhône-Alpes', region: 'ARA' },
    ],
    users: LYON_TEAM,
    teams: ['Équipe Lyon'],
  },
  {
    name: 'Panneaux solaires',
    slug: 'panneaux-solaires',
    color: '#EF8F00',
    leadProcessingDurationDays: null,
    callProcess: 1,
    markets: [
      { name: 'Particuliers Occitanie', region: 'OCC' },
      { name: 'Particuliers Nouvelle-Aquitaine', region: 'NAQ' },
    ],
    users: [...new Set([...LYON_TEAM, ...NANTES_TEAM])],
    teams: ['Équipe Lyon', 'Équipe Nantes'],
  },
  {
    name: 'Assurance habitation',
    slug: 'assurance-habitation',
    color: '#1565C0',
    leadProcessingDurationDays: 45,
    callProcess: 2,
    markets: [
      { name: 'Particuliers Grand Ouest', region: 'OUEST' },
      { name: 'Professionnels Hauts-de-France et Grand Est', region: 'NORD_EST' },
    ],
    users: [...NANTES_TEAM, 'inactif@demo.fr'],
    teams: ['Équipe Nantes'],
  },
]
