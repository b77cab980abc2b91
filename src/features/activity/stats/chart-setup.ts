// Chart.js, registered with only what the statistics draw (docs/decisions.md, issue #14): bar and line
// charts (their controllers come with react-chartjs-2's `Bar` and `Line`), category and linear axes,
// tooltips and legends. Everything else of Chart.js is left out of the bundle.
import {
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
} from 'chart.js'

Chart.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend)

export const CHART_COLORS = {
  made: '#1f4e8c',
  received: '#2e7d32',
  answered: '#ef6c00',
  appointments: '#6a1b9a',
  previous: '#9aa3ad',
} as const

/** An axis of counts: from 0, whole numbers only (no "0,5 appel"). */
export const COUNT_AXIS = { beginAtZero: true, ticks: { precision: 0 } } as const

/**
 * Tablets first: a touch anywhere over a day, an hour or an agent shows all its figures (index mode,
 * no need to hit a 3-pixel point), in a tooltip large enough to read under a finger.
 */
export function baseOptions<T extends 'bar' | 'line'>(): ChartOptions<T> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : undefined,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 14, padding: 12 } },
      tooltip: { padding: 12, bodyFont: { size: 14 }, titleFont: { size: 14 }, boxPadding: 4 },
    },
    locale: 'fr-FR',
  } as ChartOptions<T>
}
