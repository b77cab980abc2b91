// Demo call processes (issue 2, "Demo data"): one per mission, 3 to 5 numbered steps, each with the
// script the teleoperator reads aloud and the outcomes ("tags") they can pick at the end of a call.
import type { LeadStatus, LeadSubstatus } from '../../src/contracts/lead.ts'

export type TagSeed = {
  label: string
  /** Step the lead moves to; null keeps the current step. */
  nextStep: number | null
  status: LeadStatus
  substatus: LeadSubstatus | null
  recallDelayMinutes: number | null
  endsProcessing: boolean
  requiresAppointment: boolean
  /** The agent chooses the recall date (issue #11); `recallDelayMinutes` proposes the default. */
  asksRecallDate: boolean
  experiencePoints: number
}

export type StepSeed = { title: string; script: string; tags: readonly TagSeed[] }
export type CallProcessSeed = { name: string; steps: readonly StepSeed[] }

const base = {
  nextStep: null,
  substatus: null,
  recallDelayMinutes: null,
  endsProcessing: true,
  requiresAppointment: false,
  asksRecallDate: false,
} as const

/** Positive answer: the teleoperator keeps the lead and goes on with the next step in the same call. */
function advance(label: string, nextStep: number, experiencePoints = 10): TagSeed {
  return { ...base, label, nextStep, status: 'IN_PROGRESS', endsProcessing: false, experiencePoints }
}

const recallLater: TagSeed = {
  ...base,
  label: 'Rappeler plus tard',
  status: 'RECALL',
  substatus: 'CALLBACK_REQUESTED',
  recallDelayMinutes: 120,
  asksRecallDate: true,
  experiencePoints: 5,
}
const voicemail: TagSeed = {
  ...base,
  label: 'Répondeur',
  status: 'UNREACHABLE',
  substatus: 'NO_ANSWER',
  recallDelayMinutes: 240,
  experiencePoints: 5,
}
const wrongNumber: TagSeed = { ...base, label: 'Faux numéro', status: 'WRONG_NUMBER', experiencePoints: 5 }
const notInterested: TagSeed = {
  ...base,
  label: 'Pas intéressé',
  status: 'NOT_INTERESTED',
  experiencePoints: 5,
}
const alreadyEquipped: TagSeed = {
  ...notInterested,
  label: 'Déjà équipé',
  substatus: 'ALREADY_EQUIPPED',
}
const tooExpensive: TagSeed = { ...notInterested, label: 'Trop cher', substatus: 'TOO_EXPENSIVE' }
const appointmentBooked: TagSeed = {
  ...base,
  label: 'RDV pris',
  status: 'APPOINTMENT',
  requiresAppointment: true,
  experiencePoints: 50,
}
/** Agreed in principle but no slot fits: a manager will force the appointment (spec §4). */
const forcedAppointment: TagSeed = {
  ...base,
  label: 'Accord de principe – RDV à forcer',
  status: 'IN_PROGRESS',
  substatus: 'WAITING_FOR_FORCED_RDV',
  experiencePoints: 20,
}

/** The first contact is the same for every mission: who we are, and may we talk now. */
function introduction(topic: string): StepSeed {
  return {
    title: 'Présentation et accord pour échanger',
    script:
      `Bonjour, je suis [votre prénom], conseiller·ère pour le service ${topic}. Vous avez fait une demande ` +
      "d'information récemment et je vous appelle pour y donner suite. Avez-vous quelques minutes à m'accorder ? " +
      "L'appel est gratuit et sans engagement de votre part.",
    tags: [
      advance("Intéressé – passer à l'étape suivante", 2, 5),
      recallLater,
      voicemail,
      wrongNumber,
      notInterested,
    ],
  }
}

export const CALL_PROCESSES: readonly CallProcessSeed[] = [
  {
    name: 'Parcours rénovation énergétique',
    steps: [
      introduction('Rénovation Habitat'),
      {
        title: 'Qualification du logement',
        script:
          'Êtes-vous propriétaire de votre logement ? Est-ce une maison ou un appartement, et de quelle année ' +
          "date-t-il environ ? Comment le chauffez-vous aujourd'hui : fioul, gaz, électricité ou bois ? " +
          'Avez-vous déjà réalisé des travaux d’isolation ?',
        tags: [advance('Éligible – présenter les aides', 3), alreadyEquipped, recallLater, notInterested],
      },
      {
        title: 'Présentation des aides',
        script:
          "Selon vos revenus, vous pouvez bénéficier de MaPrimeRénov' et des primes énergie des fournisseurs. " +
          'Pour une isolation des combles ou une pompe à chaleur, le reste à charge peut être fortement réduit. ' +
          'Un conseiller peut passer chez vous pour établir un diagnostic gratuit. Cela vous intéresse-t-il ?',
        tags: [advance('Intéressé – proposer un rendez-vous', 4), tooExpensive, recallLater],
      },
      {
        title: 'Prise de rendez-vous',
        script:
          'Je vous propose un rendez-vous avec notre conseiller à votre domicile. Il dure environ une heure. ' +
          'Quel créneau vous convient le mieux cette semaine ou la suivante ? Je vous confirme le rendez-vous ' +
          'par SMS.',
        tags: [appointmentBooked, forcedAppointment, recallLater, notInterested],
      },
    ],
  },
  {
    name: 'Parcours panneaux solaires',
    steps: [
      introduction('Énergie Solaire'),
      {
        title: 'Étude de la toiture et de la consommation',
        script:
          'Votre toit est-il orienté plutôt sud, est ou ouest ? Quelle surface approximative, et y a-t-il de ' +
          "l'ombre (arbres, bâtiments) ? À combien s'élève votre facture d'électricité mensuelle ? " +
          "Avec l'autoconsommation, une partie de cette facture peut être couverte par vos panneaux.",
        tags: [
          advance('Toiture adaptée – proposer une étude', 3),
          alreadyEquipped,
          tooExpensive,
          recallLater,
        ],
      },
      {
        title: 'Rendez-vous avec un technicien',
        script:
          'Un technicien peut venir faire une étude gratuite de votre toiture et vous remettre un chiffrage ' +
          'précis, aides déduites. Quel jour vous arrangerait ? Le rendez-vous dure environ quarante-cinq minutes.',
        tags: [appointmentBooked, forcedAppointment, recallLater, notInterested],
      },
    ],
  },
  {
    name: 'Parcours assurance habitation',
    steps: [
      introduction('Assurance Habitation'),
      {
        title: 'Situation actuelle',
        script:
          'Êtes-vous actuellement assuré pour votre logement ? Auprès de quelle compagnie, et quelle est la date ' +
          "d'échéance de votre contrat ? Depuis la loi Hamon, vous pouvez résilier à tout moment après un an.",
        tags: [
          advance('Contrat résiliable – étudier les besoins', 3),
          alreadyEquipped,
          recallLater,
          notInterested,
        ],
      },
      {
        title: 'Analyse des besoins',
        script:
          'Combien de pièces compte votre logement, et quelle est la valeur approximative de vos biens ? ' +
          'Souhaitez-vous une garantie vol, bris de glace ou une assistance dépannage 24 h/24 ?',
        tags: [advance('Besoins recueillis – présenter le devis', 4), recallLater, notInterested],
      },
      {
        title: 'Proposition tarifaire',
        script:
          'Pour les garanties que vous avez choisies, notre formule revient à un tarif mensuel inférieur à votre ' +
          'contrat actuel, sans frais de dossier. Nous nous occupons de la résiliation de votre ancien contrat.',
        tags: [advance('Devis accepté – fixer un rendez-vous', 5, 15), tooExpensive, recallLater],
      },
      {
        title: 'Rendez-vous conseiller',
        script:
          'Je vous propose un rendez-vous téléphonique ou en agence avec un conseiller pour finaliser votre ' +
          'contrat. Quel créneau vous convient ? Pensez à préparer votre ancien contrat et un RIB.',
        tags: [appointmentBooked, forcedAppointment, recallLater],
      },
    ],
  },
]
