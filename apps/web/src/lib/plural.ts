/** "1 article", "2 articles", "1,000 articles": a count with its noun in the right number. */
export function countOf(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : pluralForm}`;
}
