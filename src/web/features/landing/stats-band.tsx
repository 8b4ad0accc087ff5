const STATS = [
  { value: '500+', label: 'Studios on Cadence' },
  { value: '85%', label: 'Higher member engagement' },
  { value: '10+', label: 'Hours saved a week' },
  { value: '24/7', label: 'AI processing' },
  { value: '4K', label: 'Video support' },
] as const;

export function StatsBand() {
  return (
    <section aria-labelledby="stats-title" className="border-y bg-card">
      <h2 id="stats-title" className="sr-only">
        Cadence in numbers
      </h2>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-10 sm:grid-cols-3 sm:px-6 lg:grid-cols-5 lg:px-8">
        {STATS.map((s, i) => (
          <div
            key={s.value}
            className={
              i === STATS.length - 1
                ? 'col-span-2 flex flex-col items-center text-center sm:col-span-1'
                : 'flex flex-col items-center text-center'
            }
          >
            <dt className="order-2 mt-1 text-sm text-muted-foreground">{s.label}</dt>
            <dd className="order-1 text-3xl font-extrabold tracking-tight text-foreground sm:text-4xl">
              {s.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
