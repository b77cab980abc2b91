// Issue #13 "Integration": the stepper as an administrator walks it — a file chosen is previewed by
// the browser and uploaded, the mapping comes prefilled from the server, the settings are sent, the
// preview explains each bad row in French, the import starts, and a live progress signal moves the bar.
import { File as NodeFile } from 'node:buffer'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { ImportDetail } from '../../contracts/imports.ts'
import { importPage, makeImportDetail, makeImportSummary } from '../../../tests/mocks/imports.ts'
import { liveServer } from '../../../tests/mocks/live.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../tests/setup/render-app.tsx'

const MISSIONS = {
  items: [{ id: 5, name: 'Mission Soleil', archivedAt: null }],
  total: 1,
  page: 1,
  pageSize: 100,
}
const MISSION = { id: 5, name: 'Mission Soleil', markets: [{ id: 9, name: 'Lyon', missionId: 5 }] }

/** The imports API with one import whose state the test moves; records what the page sent. */
function importsServer(initial: ImportDetail) {
  let detail = initial
  // The upload answers once the test lets it (`releaseUpload`), so what shows meanwhile can be read.
  let releaseUpload: () => void = () => undefined
  const uploadReleased = new Promise<void>((resolve) => (releaseUpload = resolve))
  const sent: {
    settings: unknown[]
    starts: number
    uploads: string[]
    headers: unknown[]
    discards: number
  } = {
    settings: [],
    starts: 0,
    uploads: [],
    headers: [],
    discards: 0,
  }
  server.use(
    signedInAs(makeMe('ADMIN')),
    http.post('*/api/imports', async ({ request }) => {
      // msw's XMLHttpRequest interception does not serialise a FormData body: only the request is
      // checked here (the end-to-end test uploads a real file).
      sent.uploads.push(request.headers.get('x-xsrf-token') ?? 'no token')
      await uploadReleased
      return HttpResponse.json(detail, { status: 201 })
    }),
    http.get('*/api/imports/:id', () => HttpResponse.json(detail)),
    http.get('*/api/import-mappings', () =>
      HttpResponse.json([{ id: 3, name: 'Salon', columns: [], updatedAt: '2026-11-20T10:00:00.000Z' }]),
    ),
    http.put('*/api/imports/:id/settings', async ({ request }) => {
      sent.settings.push(await request.json())
      detail = { ...detail, state: 'analysing', version: detail.version + 1 }
      return HttpResponse.json(detail)
    }),
    http.put('*/api/imports/:id/header', async ({ request }) => {
      const body = (await request.json()) as { headerLine: number }
      sent.headers.push(body)
      const row = detail.topRows.find((top) => top.line === body.headerLine)!
      detail = {
        ...detail,
        headerLine: body.headerLine,
        headers: row.cells,
        columns: row.cells.map((header, index) => ({ index, header, target: 'ignore' as const })),
        version: detail.version + 1,
      }
      return HttpResponse.json(detail)
    }),
    http.delete('*/api/imports/:id', ({ params }) => {
      sent.discards += 1
      return HttpResponse.json({ id: Number(params.id), deleted: true })
    }),
    http.post('*/api/imports/:id/start', () => {
      sent.starts += 1
      detail = { ...detail, state: 'queued' }
      return HttpResponse.json(detail)
    }),
    http.get('*/api/missions', () => HttpResponse.json(MISSIONS)),
    http.get('*/api/mission/:id', () => HttpResponse.json(MISSION)),
  )
  return {
    sent,
    releaseUpload,
    set: (changes: Partial<ImportDetail>) => (detail = { ...detail, ...changes }),
  }
}

const ANALYSED: Partial<ImportDetail> = {
  state: 'ready',
  mission: { id: 5, name: 'Mission Soleil' },
  marketMode: { kind: 'fixed', marketId: 9 },
  totalRows: 100,
  validRows: 97,
  errorRows: 2,
  duplicateRows: 1,
  previewRows: [
    { line: 2, values: { firstName: 'Léa', lastName: 'Dupont', phone: '+33612345678' }, marketName: 'Lyon' },
  ],
  errors: [
    {
      line: 4,
      errors: [{ column: 'Téléphone', field: 'phone', message: 'Numéro de téléphone invalide : « 12 34 »' }],
    },
  ],
  duplicates: [{ line: 9, phone: '+33612345678', existingLeadId: null, firstLine: 2 }],
  errorGroups: [
    {
      column: 'Code postal',
      field: 'postalCode',
      cause: 'Aucun marché ne couvre le code postal …',
      count: 1,
      lines: [5],
      values: ['13008'],
    },
    {
      column: 'Téléphone',
      field: 'phone',
      cause: 'Numéro de téléphone invalide : …',
      count: 1,
      lines: [4],
      values: ['12 34'],
    },
  ],
  warningRows: 1,
  warnings: [
    {
      line: 3,
      warnings: [
        {
          column: 'E-mail',
          field: 'email',
          message: 'Adresse e-mail invalide : « lætitia.leblanc@orange.fr ».',
        },
      ],
    },
  ],
}

/** A semicolon CSV in Windows-1252 (é is one byte, 0xE9), as French spreadsheets export it. */
function windows1252Csv(): File {
  const text = 'Prénom;NOM;Téléphone\r\nLéa;Dupont;06 12 34 56 78\r\nMarc;Éluard;07 11 22 33 44\r\n'
  const bytes = Uint8Array.from([...text].map((char) => char.charCodeAt(0)))
  // Node's File and FormData, not jsdom's: msw reads the XMLHttpRequest's body with Node's fetch.
  return new NodeFile([bytes], 'leads.csv', { type: 'text/csv' }) as unknown as File
}

/** Node's own FormData (jsdom's is the page's global): msw fails on a jsdom FormData body. */
async function useNodeFormData() {
  const form = await new Response('a=1', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }).formData()
  vi.stubGlobal('FormData', form.constructor)
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the integration stepper', () => {
  it('previews the chosen file in the browser, uploads it and prefills the mapping', async () => {
    await useNodeFormData()
    document.cookie = 'XSRF-TOKEN=xsrf-test; path=/'
    const api = importsServer(makeImportDetail())
    const { router } = renderApp('/integration/integrate')
    await userEvent.upload(await screen.findByLabelText('Choisir un fichier'), windows1252Csv())

    // While it uploads, the browser shows the first rows, decoded from Windows-1252.
    const preview = within(await screen.findByRole('table', { name: 'Premières lignes du fichier' }))
    expect(preview.getByRole('row', { name: /Marc/ }).textContent).toBe('MarcÉluard07 11 22 33 44')
    expect(preview.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'PrénomPrénom',
      'NOMNom',
      'TéléphoneTéléphone',
    ])
    expect(screen.getByText('Encodage Windows-1252, séparateur « ; »')).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Envoi du fichier' })).toBeTruthy()
    api.releaseUpload()

    const mapping = await screen.findByRole('heading', { name: 'Associer les colonnes' })
    expect(api.sent.uploads).toEqual(['xsrf-test'])
    expect(currentUrl(router)).toBe('/integration/integrate?import=7')
    await waitFor(() => expect(document.activeElement).toBe(mapping))
    const phone = screen.getByLabelText('Champ du lead pour la colonne « Téléphone »') as HTMLSelectElement
    expect(phone.value).toBe('phone')
    expect(
      (screen.getByLabelText('Champ du lead pour la colonne « Source »') as HTMLSelectElement).value,
    ).toBe('metadata')
  })

  it('refuses a file over 50 MB before sending anything', async () => {
    const api = importsServer(makeImportDetail())
    renderApp('/integration/integrate')
    const big = new File(['x'], 'enorme.csv', { type: 'text/csv' })
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 })
    await userEvent.upload(await screen.findByLabelText('Choisir un fichier'), big)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce fichier pèse 60 Mo : la limite est de 50 Mo. Découpez-le en plusieurs fichiers.',
    )
    expect(api.sent.uploads).toEqual([])
  })

  it('sends the settings, explains the bad rows, starts the import and follows its live progress', async () => {
    const api = importsServer(makeImportDetail())
    renderApp('/integration/integrate?import=7')
    const tel = await screen.findByLabelText('Champ du lead pour la colonne « Téléphone »')
    await userEvent.selectOptions(tel, 'ignore')
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Associez une colonne au téléphone : c’est le champ qui identifie un lead.',
    )
    await userEvent.selectOptions(tel, 'phone')
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }))

    await screen.findByRole('heading', { name: 'Mission et marché' })
    await userEvent.selectOptions(await screen.findByLabelText('Mission'), '5')
    await userEvent.selectOptions(
      await screen.findByLabelText('Marché'),
      await screen.findByRole('option', { name: 'Lyon' }),
    )
    await userEvent.click(screen.getByRole('radio', { name: 'Compléter les champs vides du lead existant' }))
    await userEvent.click(screen.getByRole('button', { name: 'Analyser' }))
    expect(await screen.findByText('Analyse du fichier en cours…')).toBeTruthy()
    expect(api.sent.settings).toEqual([
      {
        missionId: 5,
        marketMode: { kind: 'fixed', marketId: 9 },
        columns: makeImportDetail().columns,
        duplicatePolicy: 'fillEmpty',
        version: 1,
      },
    ])

    // The analysis ends: its signal refetches the import, whose preview explains each bad row.
    await waitFor(() =>
      expect(liveServer.received).toContainEqual({ type: 'subscribe', channel: 'user:1:importProgress' }),
    )
    api.set(ANALYSED)
    liveServer.publish('user:1:importProgress', progress('ready', 0, 100))
    // The errors come grouped by cause, each with its values and lines; the values dropped are listed.
    const postal = (await screen.findByText('1 ligne : aucun marché ne couvre le code postal …')).closest(
      'details',
    )!
    expect(postal.open).toBe(false)
    await userEvent.click(within(postal).getByText(/aucun marché/))
    expect(postal.open).toBe(true)
    expect(within(postal).getByText('Valeurs : 13008')).toBeTruthy()
    expect(within(postal).getByText('Lignes : 5')).toBeTruthy()
    expect(screen.getByText('1 ligne : numéro de téléphone invalide : …')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Télécharger les lignes en erreur' }).getAttribute('href')).toBe(
      '/api/imports/7/rejected.csv',
    )
    const warnings = within(screen.getByRole('table', { name: 'Valeurs ignorées par ligne', hidden: true }))
    expect(warnings.getByRole('row', { name: /Ligne 3/, hidden: true }).textContent).toContain(
      'lætitia.leblanc@orange.fr',
    )
    expect(screen.getByText('1 doublon, 97 nouveaux')).toBeTruthy()
    // However long the preview, its action stays in view.
    expect(screen.getByRole('button', { name: 'Importer 97 leads' }).parentElement!.className).toContain(
      'integration__actions--sticky',
    )
    expect(screen.getByText('97 lignes valides')).toBeTruthy()
    expect(screen.getByText('Ligne 9 — +33612345678 : déjà à la ligne 2')).toBeTruthy()

    await userEvent.click(screen.getByRole('button', { name: 'Importer 97 leads' }))
    expect(await screen.findByRole('heading', { name: 'Import en cours' })).toBeTruthy()
    expect(api.sent.starts).toBe(1)
    api.set({ state: 'running', rowsDone: 42 })
    // The layout's indicator asks again which import runs when the import changes state.
    server.use(
      http.get('*/api/imports', () =>
        HttpResponse.json(
          importPage([makeImportSummary({ state: 'running', totalRows: 100, rowsDone: 42 })]),
        ),
      ),
    )
    liveServer.publish('user:1:importProgress', {
      ...progress('running', 42, 100),
      rowsPerSecond: 2100,
      secondsLeft: 75,
    })
    const status = await screen.findByText('42 lignes sur 100 (42 %)')
    expect(status.closest('[role="status"]')?.textContent).toContain('Temps restant : 1 min 15 s')
    expect(screen.getByText('2 100 lignes par seconde')).toBeTruthy()
    const bar = screen.getByRole('progressbar', { name: 'Progression de l’import' }) as HTMLProgressElement
    expect(bar.value).toBe(42)
    const indicator = await screen.findByRole('link', { name: 'Import en cours : 42 %' })
    expect(indicator.getAttribute('href')).toBe('/integration/integrate?import=7')
  })

  it('lets the administrator choose the header row under a title line, and the mapping follows', async () => {
    const title = 'Export leads courtier, novembre 2026'
    const api = importsServer(
      makeImportDetail({
        headerLine: 2,
        topRows: [
          { line: 1, cells: [title] },
          { line: 2, cells: ['Prénom', 'NOM', 'Téléphone', 'Code postal', 'Source'] },
          { line: 3, cells: ['Léa', 'Dupont', '06 12 34 56 78', '69003', 'Salon'] },
        ],
      }),
    )
    renderApp('/integration/integrate?import=7')
    const headerLine = (await screen.findByLabelText('Ligne d’en-tête')) as HTMLSelectElement
    expect(headerLine.value).toBe('2')
    expect(
      screen.getByText(/Les en-têtes sont à la ligne 2 : ce qui est au-dessus \(un titre\) est ignoré\./),
    ).toBeTruthy()
    expect(screen.getByRole('option', { name: `Ligne 1 : ${title}` })).toBeTruthy()
    expect(
      (screen.getByLabelText('Champ du lead pour la colonne « Téléphone »') as HTMLSelectElement).value,
    ).toBe('phone')

    // Choosing asks nothing yet (arrow keys on a closed select change it row by row); « Appliquer » does.
    expect((screen.getByRole('button', { name: 'Appliquer' }) as HTMLButtonElement).disabled).toBe(true)
    await userEvent.selectOptions(headerLine, '1')
    expect(api.sent.headers).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }))
    // The columns come back from the server, guessed again from the chosen row.
    const titleColumn = (await screen.findByLabelText(
      `Champ du lead pour la colonne « ${title} »`,
    )) as HTMLSelectElement
    expect(titleColumn.value).toBe('ignore')
    expect(api.sent.headers).toEqual([{ headerLine: 1, version: 1 }])
    expect(screen.queryByLabelText('Champ du lead pour la colonne « Téléphone »')).toBeNull()
  })

  it('says a re-import brings only duplicates instead of showing rows « as imported »', async () => {
    importsServer(
      makeImportDetail({
        ...ANALYSED,
        validRows: 0,
        errorRows: 0,
        duplicateRows: 3649,
        errorGroups: [],
        errors: [],
        warnings: [],
        warningRows: 0,
      }),
    )
    renderApp('/integration/integrate?import=7')
    expect(await screen.findByText('3 649 doublons, 0 nouveau')).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'Lignes importées (aperçu)' })).toBeNull()
  })

  it('discards an import not started, once confirmed, and goes back to a new import', async () => {
    const api = importsServer(makeImportDetail())
    const { router } = renderApp('/integration/integrate?import=7')
    await userEvent.click(await screen.findByRole('button', { name: 'Abandonner cet import' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Abandonner cet import ?' }))
    expect(
      dialog.getByText(/Le fichier « leads-novembre.csv » et ses réglages seront supprimés/),
    ).toBeTruthy()
    await userEvent.click(dialog.getByRole('button', { name: 'Garder l’import' }))
    expect(api.sent.discards).toBe(0)
    await userEvent.click(screen.getByRole('button', { name: 'Abandonner cet import' }))
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Abandonner cet import ?' })).getByRole('button', {
        name: 'Abandonner',
      }),
    )
    await waitFor(() => expect(currentUrl(router)).toBe('/integration/integrate'))
    expect(api.sent.discards).toBe(1)
    expect(await screen.findByLabelText('Choisir un fichier')).toBeTruthy()
  })
})

function progress(state: ImportDetail['state'], rowsDone: number, totalRows: number) {
  return { importId: 7, state, rowsDone, totalRows, rowsPerSecond: 0, secondsLeft: null }
}
