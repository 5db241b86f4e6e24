/** Class names ad blockers hide on sight (cosmetic filters), for the bait element. */
const BAIT_CLASSES = 'adsbox ad-banner ad-placement pub_300x250 text-ad';

/**
 * Whether an ad blocker is at work: the probe URL (a file named like an ad script) fails to load, or a bait
 * element with ad-like class names is hidden. Resolves false when neither shows a blocker.
 */
export async function detectAdBlock(probeUrl: string | null, doc: Document = document, fetcher: typeof fetch = fetch): Promise<boolean> {
  const bait = doc.createElement('div');
  bait.className = BAIT_CLASSES;
  bait.setAttribute('aria-hidden', 'true');
  bait.style.cssText = 'position:absolute;left:-9999px;top:-9999px;width:1px;height:1px;';
  bait.innerHTML = '&nbsp;';
  doc.body.append(bait);
  try {
    let blocked = false;
    if (probeUrl) {
      try {
        const answer = await fetcher(probeUrl, { cache: 'no-store', credentials: 'omit' });
        blocked = !answer.ok;
      } catch {
        blocked = true; // blocked requests fail as network errors
      }
    } else {
      // Cosmetic filters apply on the next frames.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const style = doc.defaultView?.getComputedStyle(bait);
    const hidden = style?.display === 'none' || style?.visibility === 'hidden';
    return blocked || hidden;
  } finally {
    bait.remove();
  }
}
