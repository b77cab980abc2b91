// Numbers as the back office shows them (fr-FR).
export function formatCount(count: number): string {
  return count.toLocaleString('fr-FR')
}
