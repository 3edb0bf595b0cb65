import { useStore } from '@nanostores/react';
import {
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
  type SubmitEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { Icon } from '~/app/components/Icon';
import { handleStudioError } from '~/app/components/request-errors';
import { ScreenHeader } from '~/app/components/Screen';
import { useDefaultVoice } from '~/app/components/voice-preview';
import { brand } from '~/config/brand';
import { type BatchSettings, batchSettingsSchema } from '~/contract/batches';
import { type BrandKit, brandSnapshot, cardSeconds } from '~/contract/brand';
import { type FieldErrors, fieldErrors } from '~/contract/errors';
import { createStoryboardRequestSchema, type Storyboard, storyboardSchema } from '~/contract/storyboard';
import {
  type CreateVideoRequest,
  createVideoRequestSchema,
  DEFAULT_CAPTION_OPTIONS,
  type UploadedImage,
  type VideoRecord,
  videoDimensions,
  videoRecordSchema,
} from '~/contract/video';
import { ApiError, api } from '~/lib/api/client';
import { loadBrandKit } from '~/lib/brand-kit';
import { takeCreateHandoff } from '~/lib/create-handoff';
import { $account, refreshAccount } from '~/stores/account';
import { FormatStep, ScriptStep, type SetField, VisualsStep, VoiceStep } from './CreateSteps';
import { CreateSummary, type Submit } from './CreateSummary';
import {
  applyPresetToForm,
  type CreateForm,
  INITIAL_FORM,
  newIdempotencyKey,
  scriptFigures,
  submitBlocker,
  toRequest,
} from './model';
import { PresetPicker } from './PresetPicker';
import { useRenderAvailability } from './RenderUnavailable';
import { assignImages } from './storyboard/model';

/** Error keys (as the schema and the API name them) that editing a form field clears, beyond its own name. */
const ERROR_KEYS: Partial<Record<keyof CreateForm, string[]>> = {
  images: ['imageFileIds'],
  visuals: ['imageFileIds'],
  musicEnabled: ['music'],
  musicVolume: ['music', 'music.volume'],
  musicTrack: ['music', 'music.track'],
  musicUpload: ['music', 'music.fileId'],
  captionOptions: ['captionOptions.position', 'captionOptions.size', 'captionOptions.color'],
};

/** The one-step video; the key makes a request sent twice (a retry after a lost answer) one video. */
const renderNow = (request: CreateVideoRequest, idempotencyKey: string): Promise<VideoRecord> =>
  api.post<VideoRecord>('/videos', request, {
    headers: { 'Idempotency-Key': idempotencyKey },
    parse: (data) => videoRecordSchema.parse(data),
  });

/** The storyboard, with the form's own images given to its scenes in order when the user chose them. */
async function makeStoryboard(request: CreateVideoRequest): Promise<Storyboard> {
  const parse = (data: unknown) => storyboardSchema.parse(data);
  const storyboard = await api.post<Storyboard>('/storyboards', createStoryboardRequestSchema.parse(request), {
    parse,
  });
  if (request.visuals !== 'uploaded') return storyboard;
  const scenes = assignImages(
    storyboard.scenes.map(({ id, text, query, visual, transition }) => ({ id, text, query, visual, transition })),
    request.imageFileIds,
    request.clipAudio,
  );
  return api.put<Storyboard>(
    `/storyboards/${encodeURIComponent(storyboard.id)}`,
    { version: storyboard.version, settings: storyboard.settings, scenes },
    { parse },
  );
}

/** The account's brand kit (null until it has come); a saved one sets the form's brand switch and caption colour. */
function useBrandKit(setForm: Dispatch<SetStateAction<CreateForm>>): BrandKit | null {
  const [kit, setKit] = useState<BrandKit | null>(null);
  useEffect(() => {
    loadBrandKit().then(
      (loaded) => {
        setKit(loaded);
        if (!loaded.saved) return;
        const apply = loaded.settings.applyByDefault;
        // The brand's primary colour highlights the captions unless this video already picked another.
        setForm((f) => ({
          ...f,
          brandKit: f.brandKit ?? apply,
          ...(apply && f.captionOptions.color === DEFAULT_CAPTION_OPTIONS.color
            ? { captionOptions: { ...f.captionOptions, color: loaded.settings.colors.primary } }
            : {}),
        }));
      },
      // Without the kit the switch stays unknown and the server applies the account's default.
      () => undefined,
    );
  }, [setForm]);
  return kit;
}

/** The form's settings as a batch's, which every row of a sheet takes unless its own columns say otherwise. */
function batchSettingsOf(form: CreateForm): (BatchSettings & { voiceId: string }) | null {
  const { script: _script, visuals: _visuals, imageFileIds: _images, clipAudio: _clips, ...settings } = toRequest(form);
  const parsed = batchSettingsSchema.safeParse(settings);
  return parsed.success ? { ...parsed.data, voiceId: form.voiceId } : null;
}

type Mode = 'one' | 'sheet';

/** The form, its field errors and the request's idempotency key, which every change renews. */
function useCreateForm() {
  const [form, setForm] = useState<CreateForm>(INITIAL_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const idempotencyKey = useRef(newIdempotencyKey());

  function clearErrors(key: keyof CreateForm) {
    const keys: string[] = [key, ...(ERROR_KEYS[key] ?? [])];
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !keys.includes(k))));
    // A changed request is a new submission, not a repeat of one that may have got through.
    idempotencyKey.current = newIdempotencyKey();
  }
  const set: SetField = (key, value) => {
    setForm((f) => ({ ...f, [key]: value }));
    clearErrors(key);
  };
  const setImages = (update: (images: UploadedImage[]) => UploadedImage[]) => {
    setForm((f) => ({ ...f, images: update(f.images) }));
    clearErrors('images');
  };

  function showErrors(fields: FieldErrors) {
    setErrors(fields);
    requestAnimationFrame(scrollToFirstError);
  }

  return { form, setForm, errors, setErrors, idempotencyKey, clearErrors, set, setImages, showErrors };
}

/** On opening: a script handed over by another screen (with the name to credit it to), and the balance refreshed. */
function useHandoff(setForm: Dispatch<SetStateAction<CreateForm>>): string | null {
  const [handoff, setHandoff] = useState<string | null>(null);
  useEffect(() => {
    // Taken once: a reload or a later visit starts with an empty editor.
    const waiting = takeCreateHandoff();
    if (waiting) {
      setForm((f) => ({ ...f, script: waiting.script, ...(waiting.aspect ? { aspect: waiting.aspect } : {}) }));
      setHandoff(waiting.title ?? 'your generated script');
    }
    void refreshAccount();
  }, [setForm]);
  return handoff;
}

/** Sending the form, one way or the other, and what is being sent meanwhile. */
function useSubmit(
  form: CreateForm,
  { blocker, lengthError }: { blocker: string | null; lengthError: string | null },
  render: ReturnType<typeof useRenderAvailability>,
  idempotencyKey: RefObject<string>,
  showErrors: (fields: FieldErrors) => void,
) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Submit | null>(null);

  /**
   * "Create video" makes a storyboard to review (nothing is charged until it is rendered); "Render without reviewing"
   * is the one-step video, for scripts the user trusts as they are.
   */
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const mode: Submit =
      (event.nativeEvent.submitter as HTMLButtonElement | null)?.value === 'render' ? 'render' : 'storyboard';
    const parsed = createVideoRequestSchema.safeParse(toRequest(form));
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error.issues));
      return;
    }
    if (mode === 'render' ? blocker || render.availability?.ready === false : lengthError) return;
    setBusy(mode);
    try {
      if (mode === 'render') {
        const video = await renderNow(parsed.data, idempotencyKey.current);
        idempotencyKey.current = newIdempotencyKey();
        void refreshAccount();
        navigate(`/nxn-agent/video/${video.id}`);
      } else navigate(`/nxn-agent/storyboard/${(await makeStoryboard(parsed.data)).id}`);
    } catch (error) {
      if (error instanceof ApiError) idempotencyKey.current = newIdempotencyKey();
      // A refusal because the server lost a tool meanwhile shows as the notice above the buttons.
      render.refresh();
      const fields = handleStudioError(error);
      if (Object.keys(fields).length > 0) showErrors(fields);
    } finally {
      setBusy(null);
    }
  }

  return { busy, submit };
}

/**
 * `sheetPanel`: the batches feature's "rows from a sheet" (given by the app's wiring, src/app/create-screen.tsx),
 * shown instead of the script and the summary when the user makes a batch; it takes the form's settings.
 */
export default function AgentCreate({ sheetPanel }: { sheetPanel?: SheetPanel } = {}) {
  const [mode, setMode] = useState<Mode>('one');
  const account = useStore($account);
  const render = useRenderAvailability();

  const { form, setForm, errors, setErrors, idempotencyKey, clearErrors, set, setImages, showErrors } = useCreateForm();
  const handoff = useHandoff(setForm);
  const kit = useBrandKit(setForm);

  const branded = Boolean(kit?.saved && form.brandKit);
  const figures = scriptFigures(
    form.script,
    form.resolution,
    branded && kit ? cardSeconds(brandSnapshot(kit.settings, null)) : 0,
  );
  const balance = account ? account.credits.balance : null;
  const blocker = submitBlocker(figures, balance);
  const batchSettings = useMemo(() => batchSettingsOf(form), [form]);
  const sheet = mode === 'sheet' && sheetPanel;
  const { busy, submit } = useSubmit(
    form,
    { blocker, lengthError: figures.lengthError },
    render,
    idempotencyKey,
    showErrors,
  );

  const chooseVoice = useDefaultVoice((id) => setForm((f) => ({ ...f, voiceId: id })));

  return (
    <div className="grid gap-8">
      <CreateHeader />

      {sheetPanel ? <ModeSwitch mode={mode} onChange={setMode} /> : null}
      <form
        className={`grid gap-6 ${sheet ? '' : 'lg:grid-cols-[minmax(0,1fr)_20rem]'} lg:items-start`}
        onSubmit={submit}
        noValidate
        aria-label="New video"
      >
        <div className="grid min-w-0 gap-6">
          <SheetOrScript sheet={sheet} settings={batchSettings}>
            <ScriptStep
              script={form.script}
              figures={figures}
              handoff={handoff}
              error={errors.script ?? figures.lengthError ?? undefined}
              onChange={(script) => set('script', script)}
            />
          </SheetOrScript>
          <PresetPicker
            form={form}
            onPick={(preset) => {
              setForm((f) => applyPresetToForm(f, preset.settings));
              setErrors({});
              idempotencyKey.current = newIdempotencyKey();
            }}
          />
          <VoiceStep
            voiceId={form.voiceId}
            error={errors.voiceId}
            onChange={(id) => {
              chooseVoice(id);
              clearErrors('voiceId');
            }}
          />
          <FormatStep form={form} errors={errors} set={set} />
          <VisualsStep form={form} errors={errors} set={set} setImages={setImages} kit={kit} branded={branded} />
        </div>
        {sheet ? null : (
          <CreateSummary
            figures={figures}
            size={videoDimensions(form.aspect, form.resolution)}
            resolution={form.resolution}
            balance={balance}
            blocker={blocker}
            busy={busy}
            availability={render.availability}
          />
        )}
      </form>
    </div>
  );
}

/** One video from a script, or one per row of a sheet. */
const scrollToFirstError = () =>
  document
    .querySelector('[aria-invalid="true"], .field-error')
    ?.scrollIntoView({ behavior: 'smooth', block: 'center' });

type SheetPanel = (settings: BatchSettings & { voiceId: string }) => ReactNode;

/** In sheet mode the batch panel, which takes the form's settings for every row, stands where the script would. */
function SheetOrScript({
  sheet,
  settings,
  children,
}: {
  sheet: SheetPanel | false | undefined;
  settings: (BatchSettings & { voiceId: string }) | null;
  children: ReactNode;
}) {
  if (!sheet) return children;
  if (settings) return sheet(settings);
  return (
    <p className="field-error" role="alert">
      Fix the settings below first: every row takes them.
    </p>
  );
}

function ModeSwitch({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const options: [Mode, string][] = [
    ['one', 'One video'],
    ['sheet', 'A batch from a sheet'],
  ];
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">What to make</legend>
      {options.map(([value, label]) => (
        <label
          key={value}
          className={`btn btn-sm cursor-pointer ${mode === value ? 'btn-primary' : 'btn-secondary'} has-[:focus-visible]:ring-2`}
        >
          <input
            type="radio"
            name="create-mode"
            className="sr-only"
            value={value}
            checked={mode === value}
            onChange={() => onChange(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

function CreateHeader() {
  return (
    <ScreenHeader
      icon="video"
      title="Create a video"
      description={`Paste a script and ${brand.agentName} turns it into a narrated HD video of up to 5 minutes, with AI voices and visuals.`}
    >
      <Link to="/history" className="btn btn-secondary btn-sm self-start sm:self-auto">
        <Icon name="history" className="size-4" />
        Your videos
      </Link>
    </ScreenHeader>
  );
}
