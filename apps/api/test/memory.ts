const MB = 1024 * 1024;

/**
 * The most the process's memory grew while `work` ran. The event loop stays free during a read, so the sampler keeps
 * running; a last sample after the work catches memory that is never given back.
 */
export async function rssGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return { result, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}
