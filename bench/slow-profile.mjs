// Issue 19's slow profile: an applicant in a rural district on slow 4G with a
// low-end phone. One definition for every bench that loads pages on it.

/** 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, 4× CPU slowdown, in the units the DevTools protocol takes. */
export const SLOW_PROFILE = { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0, cpuSlowdown: 4 };

/** Puts the page's network on the slow profile (again after it was taken offline); the CPU is the caller's choice. */
export async function emulateSlowNetwork(cdp) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PROFILE.latency,
    downloadThroughput: SLOW_PROFILE.downloadThroughput,
    uploadThroughput: SLOW_PROFILE.uploadThroughput,
  });
}
