import { useId, useState, type FormEvent } from 'react';
import { MonitorUp } from 'lucide-react';
import { SCREEN_NAME_MAX, SCREENS_LIMIT } from '@shared/screens';
import { SCREEN_MESSAGES } from '@shared/screens.contract';
import { FieldError, FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { failureMessage, fieldErrors } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { usePairScreen } from './api/screens';
import { PageSelect } from './page-select';
import type { ScreenPage } from './screen-pages';

type Field = 'code' | 'name' | 'locationId';

/** The screen opens /screen and shows a code; the owner types it here with a name and a page. */
export function PairScreenForm({ pages, full }: { pages: readonly ScreenPage[]; full: number }) {
  const id = useId();
  const pair = usePairScreen();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field | 'root', string>>>({});
  const atLimit = full >= SCREENS_LIMIT;
  const screenAddress = `${window.location.origin}/screen`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!code.trim()) problems.code = SCREEN_MESSAGES.codeInvalid;
    if (!name.trim()) problems.name = SCREEN_MESSAGES.nameRequired;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    pair.mutate(
      { code, name, locationId: page },
      {
        onSuccess: (screen) => {
          toast({ title: SCREEN_MESSAGES.paired, description: screen.name });
          setCode('');
          setName('');
        },
        onError: (error) => {
          const next: typeof errors = {};
          for (const problem of fieldErrors(error))
            next[problem.field as Field] ??= problem.message;
          if (Object.keys(next).length === 0) {
            next.root = failureMessage(error, 'Unable to pair the screen. Please try again.');
          }
          setErrors(next);
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <MonitorUp aria-hidden="true" className="size-5 text-muted-foreground" />
          Pair a screen
        </CardTitle>
        <CardDescription>
          On the TV or tablet, open
          <span className="my-1 block font-mono text-foreground break-all">{screenAddress}</span>
          It shows a code for 10 minutes: type it here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {atLimit ? (
          <p className="text-sm">{SCREEN_MESSAGES.limit}</p>
        ) : (
          <form noValidate className="grid gap-4" aria-label="Pair a screen" onSubmit={submit}>
            <FormField id={`${id}-code`} label="Code on the screen" error={errors.code}>
              {(control) => (
                <Input
                  {...control}
                  value={code}
                  onChange={(event) => setCode(event.target.value.toUpperCase())}
                  placeholder="ABC-DEF"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={9}
                  className="max-w-40 font-mono text-lg tracking-widest uppercase"
                />
              )}
            </FormField>
            <FormField id={`${id}-name`} label="Name" error={errors.name}>
              {(control) => (
                <Input
                  {...control}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  placeholder="Spin room TV"
                  maxLength={SCREEN_NAME_MAX}
                />
              )}
            </FormField>
            <FormField id={`${id}-page`} label="Shows the timetable of" error={errors.locationId}>
              {(control) => (
                <PageSelect control={control} pages={pages} value={page} onChange={setPage} />
              )}
            </FormField>
            <FieldError id={`${id}-error`} message={errors.root} />
            <div>
              <Button type="submit" disabled={pair.isPending}>
                {pair.isPending ? 'Pairing...' : 'Pair screen'}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
