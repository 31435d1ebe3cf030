// The network bench's upload rows (issue 19 item 5): an applicant on the slow
// profile chooses four 4 MB phone photos (12-megapixel JPEGs made in the
// browser, as a phone camera writes them) in the wizard, and the connection
// drops when the third document is half sent. Every request body sent to
// /api/uploads, /api/drafts and /api/applications is counted, re-sent chunks
// included: the total is what the applicant's data bundle pays, and the
// third document's bytes beyond its own size are what the drop cost.
import { countWizardBytes, fillEducation, fillPersonalStep, universityWithoutIntake } from '../deploy/e2e/harness.mjs';
import { login } from './lib.mjs';
import { emulateSlowNetwork, SLOW_PROFILE } from './slow-profile.mjs';

const PHOTO_BYTES = 4 * 1024 * 1024;
const DOCUMENTS = ['NRC front or passport', 'NRC back', 'Academic results', 'Certificate'];

/**
 * Four 4000 × 3000 JPEGs of about 4 MB, drawn in the page: a paper-coloured
 * card with lines of print and a phone sensor's grain, encoded at the quality
 * that lands nearest 4 MB. Returned as base64 for the file chooser.
 */
function drawPhonePhotos({ count, targetBytes }) {
  const encode = (canvas, quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  const photos = [];
  return (async () => {
    for (let n = 0; n < count; n++) {
      const canvas = document.createElement('canvas');
      canvas.width = 4000;
      canvas.height = 3000;
      const context = canvas.getContext('2d');
      const light = context.createLinearGradient(0, 0, 4000, 3000);
      light.addColorStop(0, `rgb(${236 - n * 6}, 228, 210)`);
      light.addColorStop(1, 'rgb(170, 160, 140)');
      context.fillStyle = light;
      context.fillRect(0, 0, 4000, 3000);
      context.fillStyle = 'rgb(40, 40, 60)';
      context.font = '90px serif';
      for (let line = 0; line < 22; line++) context.fillText(`REPUBLIC OF ZAMBIA ${n}${line} — NATIONAL REGISTRATION ${'X'.repeat(line % 7)}`, 200, 260 + line * 120);
      const pixels = context.getImageData(0, 0, 4000, 3000);
      let seed = 12345 + n;
      for (let i = 0; i < pixels.data.length; i += 4) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const grain = (seed % 29) - 14;
        pixels.data[i] += grain;
        pixels.data[i + 1] += grain;
        pixels.data[i + 2] += grain;
      }
      context.putImageData(pixels, 0, 0);
      let best = null;
      for (const quality of [0.8, 0.86, 0.9, 0.93, 0.95, 0.97, 0.99]) {
        const blob = await encode(canvas, quality);
        if (!best || Math.abs(blob.size - targetBytes) < Math.abs(best.size - targetBytes)) best = blob;
      }
      const bytes = new Uint8Array(await best.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      photos.push(btoa(binary));
    }
    return photos;
  })();
}

/**
 * One application through the wizard on the slow profile, the connection cut
 * for two seconds once the third document is half confirmed by the server.
 * Returns the bytes sent and what the drop cost.
 */
export async function measureUploadBytes(browser, baseUrl) {
  const { university, program } = await universityWithoutIntake(baseUrl);
  const email = `network-bench.${Date.now()}@example.org`;
  const password = 'Chipata-Road-2026!';
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bwalya', lastName: 'Zulu', email, phone: '+260977123456', password, confirmPassword: password, consent: true }),
  });
  if (!registered.ok) throw new Error(`register for the upload bench: ${registered.status} ${await registered.text()}`);
  const token = await login(baseUrl, email, password);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  try {
    await context.addInitScript((t) => localStorage.setItem('user', t), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const slow = () => emulateSlowNetwork(cdp);

    // The uploads in the order they were created, with their sizes, from the tus creation requests.
    const created = [];
    page.on('response', async (response) => {
      const request = response.request();
      if (request.method() !== 'POST' || !new URL(request.url()).pathname.startsWith('/api/uploads') || response.status() !== 201) return;
      created.push({ upload: new URL(response.headers().location, baseUrl).pathname, length: Number(await request.headerValue('upload-length')) });
    });
    let dropped = null;
    const sent = await countWizardBytes(page, {
      onChunk: ({ upload, offset, bytes }) => {
        const third = created[2];
        const half = third ? third.length / 2 : NaN;
        if (dropped || !third || upload !== third.upload || !(offset <= half && half < offset + bytes)) return;
        // The chunk that carries the middle of the third document is on its way: cut the connection when
        // the middle should be crossing it (one round trip, then the bytes before it at the uplink's speed), for two seconds.
        const untilHalf = SLOW_PROFILE.latency + ((half - offset) / SLOW_PROFILE.uploadThroughput) * 1000;
        dropped = (async () => {
          await new Promise((resolve) => setTimeout(resolve, untilHalf));
          await context.setOffline(true);
          await new Promise((resolve) => setTimeout(resolve, 2000));
          await context.setOffline(false);
          await slow();
        })();
      },
    });

    await page.goto(`${baseUrl}/apply/${university.id}`);
    await fillPersonalStep(page, { fullName: 'Bwalya Zulu', timeout: 60_000 });
    await page.getByLabel(/^First choice program/).selectOption(String(program.id));
    await fillEducation(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Step 3 of 4: Files' }).waitFor();

    const photos = await page.evaluate(drawPhonePhotos, { count: DOCUMENTS.length, targetBytes: PHOTO_BYTES });
    const chosenBytes = photos.reduce((sum, photo) => sum + Buffer.from(photo, 'base64').length, 0);
    await slow();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PROFILE.cpuSlowdown });
    for (const [index, label] of DOCUMENTS.entries()) {
      const name = `phone-photo-${index + 1}.jpg`;
      await page.getByLabel(`Choose ${label}`).setInputFiles({ name, mimeType: 'image/jpeg', buffer: Buffer.from(photos[index], 'base64') });
      // Shown under the name of what is sent (a photo is written as WebP where the browser can).
      await page
        .getByText(new RegExp(`phone-photo-${index + 1}\\.(jpg|webp)`))
        .first()
        .waitFor({ timeout: 60_000 });
    }
    await page.waitForFunction(() => document.body.innerText.split('\n').filter((line) => line.trim() === 'Uploaded').length === 4, null, { timeout: 300_000, polling: 500 });
    if (!dropped) throw new Error('the connection was never cut at half of the third document');
    await dropped;
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Application Submitted' }).waitFor({ timeout: 120_000 });

    const third = created[2];
    const thirdSent = sent.byUpload.get(third.upload) ?? 0;
    return { chosenBytes, total: sent.total(), uploads: sent.uploads, chunks: sent.chunks, resentAfterDrop: Math.max(0, thirdSent - third.length), thirdLength: third.length };
  } finally {
    await context.close();
  }
}
