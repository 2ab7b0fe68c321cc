const STOP = new Set(
  'a an and are as at be by for from has have he her his i in is it its of on or our she that the their them they this to was were will with you your not no but which who we'.split(
    ' ',
  ),
);

/**
 * An extractive summary: the sentences whose words are most frequent in the whole text, kept in
 * their original order. No outside service; the same text always gives the same summary.
 */
export function summarizeText(text: string, maxSentences = 3): string {
  const sentences = (
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+[.!?]*/g) ?? []
  )
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (sentences.length <= maxSentences) return sentences.join(' ');
  const words = (s: string) => (s.toLowerCase().match(/[a-z0-9']+/g) ?? []).filter((w) => !STOP.has(w));
  const frequency = new Map<string, number>();
  for (const w of words(text)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const scored = sentences.map((s, index) => {
    const ws = words(s);
    const score = ws.reduce((sum, w) => sum + (frequency.get(w) ?? 0), 0) / Math.max(ws.length, 1) ** 0.5;
    return { index, score };
  });
  const chosen = [...scored]
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, maxSentences)
    .sort((a, b) => a.index - b.index);
  return chosen.map((c) => sentences[c.index]).join(' ');
}
