import { Spinner } from '@web/components/ui/spinner';

/** Full-screen placeholder shown while the session (current user) loads. */
export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner size="lg" label="Loading..." className="flex-col gap-3 font-medium" />
    </div>
  );
}
