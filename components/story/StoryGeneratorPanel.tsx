import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../client/api-client.ts';
import { readForm } from '../../client/forms.ts';
import { useFieldId } from '../../client/islands/root.tsx';
import { revealAndFocus } from '../../client/reveal.ts';
import { useToast } from '../../client/toast.ts';
import { useCheckedForm } from '../../client/use-checked-form.ts';
import { truncate } from '../../lib/feed/posts.ts';
import { copyText, exportAll } from '../../lib/stories/export.ts';
import { storyLength } from '../../lib/stories/rules.ts';
import { type GenerateResponse, type Platform, platformLabels, platforms, type Story, type StoryInput, storyInputSchema } from '../../lib/stories/schema.ts';
import { Field, inputClass } from '../ui/form.tsx';
import { LineIcon } from '../ui/LineIcon.tsx';
import { SkeletonCardText } from '../ui/Skeleton.tsx';
import { buttonClass } from '../ui/styles.ts';

// The story generator, shared by the /social-generator island and the blog's Generate Stories view
// (a component, not an island: each island renders it inside its own root).

export type SelectedPost = { title: string; text: string; link: string | null };

const MISSING = { title: 'Missing Content', description: 'Please provide both title and content.', variant: 'destructive' } as const;

const platformBadge: Record<Platform, string> = {
  instagram: 'bg-pink-100 text-pink-800',
  linkedin: 'bg-sky-100 text-sky-800',
  facebook: 'bg-blue-100 text-blue-800',
  twitter: 'bg-slate-200 text-slate-800',
};

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function StoryGeneratorPanel({ post, onClearPost }: { post: SelectedPost | null; onClearPost?: () => void }) {
  const toast = useToast();
  const [stories, setStories] = useState<Story[]>([]);
  const [generatingAll, setGeneratingAll] = useState(false);
  const [generatingOne, setGeneratingOne] = useState<Platform | null>(null);
  const busy = generatingAll || generatingOne !== null;
  // The story just written, to bring into view once it shows (on a phone the stories sit below the
  // inputs, off screen) and to focus, so a screen reader reads it next (the button pressed was disabled
  // while the story was written, so focus had nowhere else to be).
  const [written, setWritten] = useState<{ platform: Platform } | null>(null);
  const results = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!written || generatingAll) return;
    setWritten(null);
    const card = results.current?.querySelector<HTMLElement>(`[data-platform="${written.platform}"]`);
    if (card) revealAndFocus(card);
  }, [written, generatingAll]);
  const ids = { title: useFieldId('story-title'), content: useFieldId('story-content'), link: useFieldId('story-link'), results: useFieldId('stories') };
  // The manual input is a form of uncontrolled fields, read as a plain post of it would be and checked
  // with the API's own schema, so the messages under the fields are the ones the API would answer.
  const { form, errors, onChange, check } = useCheckedForm(storyInputSchema, readForm);

  const generateAll = async (input: StoryInput) => {
    setGeneratingAll(true);
    try {
      const { stories: fresh } = await apiRequest<GenerateResponse>('POST', '/api/social-stories/generate', input);
      setStories(fresh);
      if (fresh[0]) setWritten({ platform: fresh[0].platform });
      toast({ title: 'Stories Generated!', description: `${fresh.length} social stories are ready to copy.` });
    } catch {
      toast({ title: 'Generation Failed', description: 'Unable to generate social stories. Please try again.', variant: 'destructive' });
    } finally {
      setGeneratingAll(false);
    }
  };

  const generateOne = async (input: StoryInput, platform: Platform) => {
    setGeneratingOne(platform);
    try {
      const story = await apiRequest<Story>('POST', '/api/social-stories/quick-generate', { blogPost: input, platform });
      setStories((list) => (list.some((s) => s.platform === story.platform) ? list.map((s) => (s.platform === story.platform ? story : s)) : [...list, story]));
      // Its button was disabled while it worked, which took focus from it: focus goes to the story.
      setWritten({ platform: story.platform });
      toast({ title: 'Story Generated!', description: `Your ${platformLabels[platform]} story is ready.` });
    } catch {
      toast({ title: 'Generation Failed', description: 'Unable to generate story. Please try again.', variant: 'destructive' });
    } finally {
      setGeneratingOne(null);
    }
  };

  /** Runs `action` with the selected post or the manual input; missing title or content shows a toast and sends nothing. */
  const withInput = (action: (input: StoryInput) => void) => {
    if (post) {
      const parsed = storyInputSchema.safeParse({ title: post.title, content: post.text, link: post.link ?? '' });
      if (!parsed.success) {
        toast(MISSING);
        return;
      }
      action(parsed.data);
      return;
    }
    const outcome = check();
    if (outcome.ok) {
      action(outcome.data);
      return;
    }
    if (outcome.fields.title || outcome.fields.content) toast(MISSING);
    const first = (['title', 'content', 'link'] as const).find((name) => outcome.fields[name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const copyOne = async (story: Story) => {
    if (await copyToClipboard(copyText(story))) toast({ title: 'Copied!', description: `The ${platformLabels[story.platform]} story is on your clipboard.` });
    else toast({ title: 'Copy Failed', description: 'Your browser blocked clipboard access.', variant: 'destructive' });
  };

  const exportStories = async () => {
    if (await copyToClipboard(exportAll(stories)))
      toast({ title: 'All Stories Exported!', description: `${stories.length} stories were copied to your clipboard.` });
    else toast({ title: 'Copy Failed', description: 'Your browser blocked clipboard access.', variant: 'destructive' });
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="space-y-6 lg:sticky lg:top-24 lg:self-start">
        <section aria-labelledby={`${ids.title}-heading`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id={`${ids.title}-heading`} className="text-lg font-semibold text-slate-900">
            {post ? 'Selected Blog Post' : 'Your Content'}
          </h2>
          {post ? (
            <div className="mt-4">
              <p className="font-semibold text-slate-900">{post.title}</p>
              <p className="mt-2 text-sm leading-relaxed text-slate-600" data-testid="selected-preview">
                {truncate(post.text, 200)}
              </p>
              <button type="button" className={`${buttonClass.secondary} mt-4 w-full sm:w-auto`} onClick={onClearPost} disabled={busy}>
                Use Manual Input Instead
              </button>
            </div>
          ) : (
            <form ref={form} className="mt-4 space-y-4" noValidate onSubmit={(e) => e.preventDefault()} onChange={onChange}>
              <Field id={ids.title} label="Title" required error={errors.title}>
                <input
                  id={ids.title}
                  name="title"
                  className={inputClass}
                  {...describedBy(ids.title, errors.title)}
                  placeholder="e.g. More Google reviews, fast"
                />
              </Field>
              <Field id={ids.content} label="Content" required error={errors.content}>
                <textarea
                  id={ids.content}
                  name="content"
                  rows={8}
                  className={inputClass}
                  {...describedBy(ids.content, errors.content)}
                  placeholder="Paste the blog post or write a few paragraphs"
                />
              </Field>
              <Field id={ids.link} label="Link" error={errors.link} hint="Optional: where readers can read the full post.">
                <input
                  id={ids.link}
                  name="link"
                  type="url"
                  inputMode="url"
                  className={inputClass}
                  {...describedBy(ids.link, errors.link, true)}
                  placeholder="https://"
                />
              </Field>
            </form>
          )}
          <button type="button" className={`${buttonClass.primary} mt-6 w-full`} disabled={busy} onClick={() => withInput((input) => void generateAll(input))}>
            {generatingAll ? 'Generating...' : 'Generate All'}
          </button>
        </section>

        <section aria-labelledby={`${ids.results}-quick`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id={`${ids.results}-quick`} className="text-lg font-semibold text-slate-900">
            Quick Generate
          </h2>
          <p className="mt-1 text-sm text-slate-600">Write or rewrite one platform's story.</p>
          <div className="mt-4 grid grid-cols-2 gap-3">
            {platforms.map((platform) => (
              <button
                key={platform}
                type="button"
                className={buttonClass.secondary}
                disabled={busy}
                aria-label={`Quick generate ${platformLabels[platform]}`}
                onClick={() => withInput((input) => void generateOne(input, platform))}
              >
                {generatingOne === platform ? 'Generating...' : platformLabels[platform]}
              </button>
            ))}
          </div>
        </section>
      </div>

      <section ref={results} aria-labelledby={ids.results} aria-busy={generatingAll} className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={ids.results} className="text-lg font-semibold text-slate-900">
            Generated Stories{stories.length && !generatingAll ? ` (${stories.length})` : ''}
          </h2>
          {stories.length > 0 && !generatingAll ? (
            <button type="button" className={buttonClass.primary} onClick={() => void exportStories()}>
              Export All
            </button>
          ) : null}
        </div>
        {generatingAll ? (
          <div className="mt-4 grid gap-4" data-testid="stories-loading">
            {platforms.map((p) => (
              <SkeletonCardText key={p} className="rounded-2xl border border-slate-200 bg-white p-5" />
            ))}
          </div>
        ) : stories.length ? (
          <ul className="mt-4 grid gap-4">
            {stories.map((story) => (
              <li key={story.platform}>
                <StoryCard story={story} onCopy={() => void copyOne(story)} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-8 text-center">
            <p className="font-semibold text-slate-900">No stories yet</p>
            <p className="mt-1 text-sm text-slate-600">Generate All writes an Instagram, LinkedIn, Facebook and Twitter post in one go.</p>
          </div>
        )}
      </section>
    </div>
  );
}

/** aria wiring for a field: invalid while it has an error, described by the error (or its hint). */
function describedBy(id: string, error: string | undefined, hint = false) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined };
}

function StoryCard({ story, onCopy }: { story: Story; onCopy: () => void }) {
  const { count, limit } = storyLength(story);
  const label = platformLabels[story.platform];
  return (
    <article
      tabIndex={-1}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-platform={story.platform}
      aria-label={`${label} story`}
    >
      <div className="flex items-center justify-between gap-3">
        <span className={`rounded-full px-3 py-1 text-xs font-semibold uppercase tracking-wide ${platformBadge[story.platform]}`}>{label}</span>
        <button type="button" className={`${buttonClass.ghost} text-sm`} onClick={onCopy} aria-label={`Copy ${label} story`}>
          <LineIcon size={16}>
            <rect x="9" y="9" width="12" height="12" rx="2" />
            <path d="M5 15V5a2 2 0 0 1 2-2h10" />
          </LineIcon>
          Copy
        </button>
      </div>
      <h3 className="mt-3 text-base font-semibold text-slate-900">{story.headline}</h3>
      <p className="mt-2 whitespace-pre-line break-words text-sm leading-relaxed text-slate-700">{story.content}</p>
      <dl className="mt-4 space-y-2 text-sm">
        <div>
          <dt className="font-medium text-slate-900">Call to action</dt>
          <dd className="text-slate-700">{story.callToAction}</dd>
        </div>
        {story.hashtags.length ? (
          <div>
            <dt className="font-medium text-slate-900">Hashtags</dt>
            <dd className="break-words text-blue-800">{story.hashtags.join(' ')}</dd>
          </div>
        ) : null}
        {story.visualSuggestion ? (
          <div>
            <dt className="font-medium text-slate-900">Visual suggestion</dt>
            <dd className="text-slate-700">{story.visualSuggestion}</dd>
          </div>
        ) : null}
      </dl>
      <p className={`mt-4 text-xs ${count > limit ? 'text-red-700' : 'text-slate-500'}`}>
        {count.toLocaleString('en-US')} / {limit.toLocaleString('en-US')} characters
      </p>
    </article>
  );
}
