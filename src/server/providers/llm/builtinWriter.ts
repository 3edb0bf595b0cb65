/**
 * The offline script writer. No model, no network: it assembles a structured script from the request with
 * tone-specific phrasing, one scene per key point (or per classic explainer angle when none are given), and fills
 * each scene up to the word budget that the target length allows at 150 words a minute. The same request always
 * gives the same script, which keeps tests and previews stable.
 */
import {
  countWords,
  retimeScript,
  SCRIPT_CONTENT_LIMITS,
  type ScriptContent,
  type ScriptPlatform,
  type ScriptRequest,
  type ScriptTone,
  toHashtag,
  WORDS_PER_SECOND,
} from '~/contract/scripts';
import { hashText } from '~/server/media/hash.ts';

interface Ctx {
  topic: string;
  audience: string;
  duration: string;
  seed: number;
}

type Template = (c: Ctx) => string;

const choose = <T>(items: readonly T[], seed: number, salt: number): T => items[(seed + salt * 7919) % items.length]!;

const capitalise = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Lower-cases a leading capital unless the word looks like a name or acronym ("SEO", "iPhone", "TikTok"). */
const decapitalise = (s: string): string => {
  const first = s.split(/\s/)[0] ?? '';
  return /^[A-Z][a-z']*$/.test(first) ? s[0]!.toLowerCase() + s.slice(1) : s;
};

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'with',
]);

export const titleCase = (s: string): string =>
  s
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) =>
      i > 0 && SMALL_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : /[A-Z]/.test(w.slice(1)) ? w : capitalise(w),
    )
    .join(' ');

const sentence = (s: string): string => {
  const t = s.trim().replace(/\s+/g, ' ');
  return /[.!?…]$/.test(t) ? capitalise(t) : `${capitalise(t)}.`;
};

export const durationLabel = (seconds: number): string => {
  if (seconds <= 90) return `${seconds} seconds`;
  const minutes = Math.round(seconds / 30) / 2;
  return minutes === 1 ? 'one minute' : `${minutes} minutes`;
};

const HOOKS: Record<ScriptTone, Template[]> = {
  friendly: [
    (c) => `Ever wondered how ${c.topic} could make life a little easier? Let's walk through it together.`,
    (c) => `If ${c.topic} has been on your mind, you're in the right place. Here's the friendly, no-jargon version.`,
    (c) => `Grab a coffee: in the next ${c.duration}, ${c.topic} is going to make a lot more sense.`,
  ],
  professional: [
    (c) => `Here is what ${c.audience} need to know about ${c.topic}, in ${c.duration}.`,
    (c) => `${capitalise(c.topic)} is easy to get wrong. This is the clear, practical overview.`,
    (c) => `Let's cut through the noise on ${c.topic} and focus on what actually moves the needle.`,
  ],
  energetic: [
    (c) => `Stop scrolling! This is everything you need to know about ${c.topic}, fast.`,
    (c) => `${capitalise(c.topic)} in ${c.duration}? Let's go!`,
    (c) => `You're about to see ${c.topic} like never before. Ready? Let's move!`,
  ],
  educational: [
    (c) => `In the next ${c.duration}, you'll learn the essentials of ${c.topic}, step by step.`,
    (c) => `What is really going on with ${c.topic}? Let's break it down, one idea at a time.`,
    (c) => `By the end of this video, you'll understand ${c.topic} well enough to explain it to a friend.`,
  ],
  inspirational: [
    (c) => `Every big change starts with one small step. Today, that step is ${c.topic}.`,
    (c) => `What if ${c.topic} was the thing that finally changed your story?`,
    (c) => `You don't need to be an expert to start. You just need to start, and ${c.topic} is the perfect place.`,
  ],
  humorous: [
    (c) => `Let's be honest: ${c.topic} sounds complicated. Spoiler alert: it really isn't.`,
    (c) => `${capitalise(c.topic)}: the thing everyone pretends to understand. Let's fix that, painlessly.`,
    (c) => `Warning: after this video, you will bring up ${c.topic} at dinner parties. Sorry in advance.`,
  ],
};

/** Scene openers by position; tone decides the register. */
const ORDINALS: Record<ScriptTone, readonly string[]> = {
  friendly: ['First up', 'Next', 'Here is another one', 'And then', 'One more', 'Last but not least'],
  professional: ['First', 'Second', 'Third', 'Next', 'In addition', 'Finally'],
  energetic: ['Number one', 'Number two', 'Number three', 'Next up', 'Keep going', 'And finally'],
  educational: ['Step one', 'Step two', 'Step three', 'Next', 'Building on that', 'Finally'],
  inspirational: ['It starts here', 'Then', 'Next', 'Keep going', 'And remember', 'Finally'],
  humorous: ['Exhibit A', 'Exhibit B', 'Exhibit C', 'Next', 'Plot twist', 'And finally'],
};

/**
 * Sentences that deepen any point. One shared pool is drawn from across the whole script, so a long script gets
 * longer without any line being said twice.
 */
const SUPPORT_LINES: Template[] = [
  (c) => `It sounds simple, but it's exactly where many ${c.audience} gain or lose the most time.`,
  () => `Try it once this week and notice the difference it makes.`,
  (c) => `If you remember only one thing about ${c.topic}, make it this.`,
  () => `Doing it consistently is what separates good results from great ones.`,
  () => `Picture how it plays out on an ordinary day: that's where it really pays off.`,
  () => `Start small, keep it easy to repeat, and build from there.`,
  (c) => `It also makes every other part of ${c.topic} easier to get right.`,
  () => `Write it down somewhere you'll see it, so it becomes a habit rather than a good intention.`,
  () => `Give it a couple of weeks before you judge the results; the first days are always the clumsiest.`,
  (c) => `Ask anyone who is good at ${c.topic}, and they'll tell you the same thing.`,
  () => `The details can wait; the direction is what counts right now.`,
  () => `If it feels too big, cut it in half and start with the easier half.`,
  () => `Small, boring and repeatable beats big, exciting and abandoned every single time.`,
  () => `Keep a short note of what you tried and what happened, and patterns will appear quickly.`,
];

interface Angle {
  caption: (c: Ctx) => string;
  visual: string;
  lines: Template[];
}

/** A classic explainer arc, used when the user gave no key points. */
const ANGLES: Angle[] = [
  {
    caption: () => 'Why it matters',
    visual: 'relatable everyday moment that shows the problem',
    lines: [
      (c) => `So why should ${c.audience} care about ${c.topic} at all?`,
      () => `Because the small decisions here add up quickly, for better or worse.`,
      (c) => `Most people only think about ${c.topic} when something goes wrong.`,
      () => `A little attention up front saves a lot of time and stress later.`,
      () => `And the good news is that the basics are easier than they look.`,
    ],
  },
  {
    caption: (c) => `The core idea of ${c.topic}`,
    visual: 'simple animated diagram of the core idea',
    lines: [
      (c) => `At its heart, ${c.topic} comes down to one core idea: focus on what makes the biggest difference first.`,
      () => `Everything else is detail you can add once that foundation is in place.`,
      () => `Think of it like building a house: get the foundation right, and the rest goes up quickly.`,
      () => `Keep that picture in mind, because every tip that follows builds on it.`,
    ],
  },
  {
    caption: () => 'How it works',
    visual: 'step-by-step screen recording or hands-on demonstration',
    lines: [
      (c) => `Here's how ${c.topic} works in practice.`,
      () => `You start with a clear goal, take the smallest useful step, then look at the result.`,
      () => `Then you adjust, repeat, and let the improvements stack up.`,
      () => `It's a loop, not a one-time effort, and that is what makes it reliable.`,
      () => `Each pass through the loop gets a little faster and a little better.`,
    ],
  },
  {
    caption: () => 'The common mistake',
    visual: 'split screen: the mistake on the left, the fix on the right',
    lines: [
      (c) => `Now, the most common mistake with ${c.topic}: trying to do everything at once.`,
      () => `It feels productive, but it spreads your effort so thin that nothing sticks.`,
      () => `Instead, pick one change, make it stick, and only then add the next.`,
      () => `Slower at the start, much faster overall.`,
    ],
  },
  {
    caption: () => 'A real example',
    visual: 'short real-world example with before-and-after shots',
    lines: [
      () => `Let's make it concrete with a real example.`,
      (c) => `Imagine someone new to ${c.topic} who sets aside just fifteen minutes a day.`,
      () => `After a week, they have a routine. After a month, they have results they can actually see.`,
      () => `Nothing dramatic happened on any single day; the consistency did the work.`,
      () => `That's the pattern you want to copy.`,
    ],
  },
  {
    caption: () => 'Quick wins',
    visual: 'fast-paced montage with each tip as bold on-screen text',
    lines: [
      () => `Here are a few quick wins you can use today.`,
      () => `Set one clear goal you can measure.`,
      () => `Block a small, fixed time for it in your calendar.`,
      () => `Keep notes on what works, so you can do more of it.`,
      () => `And ask someone who has done it before; one good tip can save you weeks.`,
    ],
  },
  {
    caption: () => 'Tools that help',
    visual: 'close-ups of useful tools, apps or resources',
    lines: [
      (c) => `You don't need fancy tools to get started with ${c.topic}.`,
      () => `A simple checklist and a reminder on your phone will take you surprisingly far.`,
      () => `Add more advanced tools only when a real problem calls for them.`,
      () => `The best tool is the one you will actually use every day.`,
    ],
  },
  {
    caption: () => 'What changes',
    visual: 'uplifting shots of the end result and happy people',
    lines: [
      (c) => `So what changes once ${c.topic} clicks for you?`,
      () => `You spend less time guessing and more time doing what matters.`,
      () => `Decisions get easier, results get more predictable, and the whole thing becomes less stressful.`,
      () => `That confidence spills over into everything else you do.`,
    ],
  },
];

const RECAP_LINES: Template[] = [
  (c) => `Let's recap ${c.topic} in a few words.`,
  () => `Focus on what matters most, start small, and stay consistent.`,
  () => `Avoid trying to change everything at once.`,
  () => `Come back to these basics whenever you feel stuck.`,
];

const FRAMING: Record<ScriptPlatform, string> = {
  youtube: 'Wide 16:9 shot',
  shorts: 'Vertical 9:16 close-up',
  square: 'Centred 1:1 framing',
};

const CAPTION_STYLE: Record<ScriptPlatform, string> = {
  youtube: 'lower-third text',
  shorts: 'big bold caption',
  square: 'caption',
};

export const visualCueFor = (platform: ScriptPlatform, subject: string, caption: string): string =>
  `${FRAMING[platform]}: ${subject}. ${capitalise(CAPTION_STYLE[platform])}: "${shorten(caption, 48)}"`;

/** Cuts at a word boundary so captions and titles never end mid-word. */
export function shorten(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * Templates need a noun phrase ("about {topic}"), but people often type a question ("How compound interest
 * works"). The common question shapes are turned into a noun phrase; other questions are wrapped so they still read.
 */
export function subjectOf(topic: string): string {
  const t = decapitalise(topic.trim().replace(/[.!?]+$/, ''));
  const howTo = /^how to (.+)$/i.exec(t);
  if (howTo) return `learning to ${howTo[1]}`;
  const howWorks = /^how (.+?) (?:works?|happens?|functions?)$/i.exec(t);
  if (howWorks) return howWorks[1]!;
  const whatIs = /^what (?:is|are) (.+)$/i.exec(t);
  if (whatIs) return whatIs[1]!;
  if (/^(?:how|why|what|when|where|who|which|should|can|is|are|do|does)\b/i.test(t)) return `the question of ${t}`;
  return t;
}

const DEFAULT_CTA: Record<ScriptPlatform, Template> = {
  youtube: (c) =>
    `If this helped, subscribe for more on ${c.topic}, and tell me in the comments what you want to see next.`,
  shorts: (c) => `Follow for more quick tips on ${c.topic}, and save this for later.`,
  square: (c) => `Follow for more on ${c.topic}, and share this with someone who needs it.`,
};

const STOP_WORDS = new Set(
  'a an and are as at be but by do does for from get how i in into is it its make my of on or our so that the their this to up we what when why with work works you your'.split(
    ' ',
  ),
);

export function hashtagsFor(topic: string, audience: string, platform: ScriptPlatform): string[] {
  const keywords = topic
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
  const candidates = [
    keywords.length > 1 && keywords.length <= 4 ? toHashtag(keywords.join(' ')) : '',
    ...keywords.slice(0, 4).map((w) => toHashtag(capitalise(w))),
    audience && audience.split(/\s+/).length <= 3 ? toHashtag(audience) : '',
    '#Tips',
    platform === 'shorts' ? '#Shorts' : platform === 'youtube' ? '#YouTube' : '#LearnOnSocial',
  ];
  const seen = new Set<string>();
  return candidates
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, 8);
}

/**
 * Adds the scene's own lines, then lines taken from the shared pool, until the word budget is reached; the lead
 * is always said. Lines taken from the pool are removed from it.
 */
function fillToBudget(lead: string, lines: string[], budget: number, pool: string[]): string {
  const parts = [lead];
  let words = countWords(lead);
  const queue = [...lines];
  while (words < budget) {
    const fromQueue = queue.length > 0;
    const line = fromQueue ? queue.shift() : pool.shift();
    if (line === undefined) break;
    if (words + countWords(line) > budget * 1.25 && parts.length > 1) {
      // Too long for what is left of this scene; a later scene may still have room for a pooled line.
      if (!fromQueue) pool.unshift(line);
      break;
    }
    parts.push(line);
    words += countWords(line);
  }
  return parts.map(sentence).join(' ');
}

/** Seconds each scene should last, by platform: vertical video cuts faster. */
const SECONDS_PER_SCENE: Record<ScriptPlatform, number> = { shorts: 8, square: 10, youtube: 15 };

interface PlannedScene {
  caption: string;
  subject: string;
  lead: string;
  lines: string[];
}

function planScenes(req: ScriptRequest, c: Ctx, sceneCount: number): PlannedScene[] {
  const ordinals = ORDINALS[req.tone];
  const keyPointScene = (point: string, i: number, total: number): PlannedScene => {
    const ordinal = i === total - 1 && total > 1 ? ordinals.at(-1)! : ordinals[Math.min(i, ordinals.length - 2)]!;
    const clean = point.replace(/[.!?]+$/, '');
    return {
      caption: clean,
      subject: 'hands-on b-roll showing it in action',
      lead: `${ordinal}: ${decapitalise(clean)}`,
      lines: [],
    };
  };

  if (req.keyPoints.length > 0) {
    const scenes = req.keyPoints.map((p, i) => keyPointScene(p, i, req.keyPoints.length));
    // With time to spare, frame the points with a context scene and a recap, like a real explainer would.
    if (sceneCount >= req.keyPoints.length + 2) {
      const why = ANGLES[0]!;
      const [lead, ...rest] = why.lines.map((t) => t(c));
      scenes.unshift({ caption: why.caption(c), subject: why.visual, lead: lead!, lines: rest });
      const [recapLead, ...recapRest] = RECAP_LINES.map((t) => t(c));
      scenes.push({
        caption: 'Recap',
        subject: 'a quick recap with each key point as on-screen text',
        lead: recapLead!,
        lines: [...req.keyPoints.map((p) => decapitalise(p)), ...recapRest],
      });
    }
    return scenes;
  }

  const count = Math.min(sceneCount, ANGLES.length + 1);
  const middle = ANGLES.slice(0, Math.max(1, count - 1));
  const scenes: PlannedScene[] = middle.map((angle) => {
    const [lead, ...rest] = angle.lines.map((t) => t(c));
    return { caption: angle.caption(c), subject: angle.visual, lead: lead!, lines: rest };
  });
  const [recapLead, ...recapRest] = RECAP_LINES.map((t) => t(c));
  scenes.push({
    caption: 'Recap',
    subject: 'a quick recap with the main ideas as on-screen text',
    lead: recapLead!,
    lines: recapRest,
  });
  return scenes;
}

function titlesFor(req: ScriptRequest, c: Ctx, sceneCount: number): string[] {
  const topic = titleCase(req.topic);
  // "1 Things…" reads badly; a short list still makes a fine "3 Things" video once framed by its scenes.
  const n = Math.max(3, req.keyPoints.length || sceneCount - 1);
  const toneTitle: Record<ScriptTone, string> = {
    friendly: `${topic}, Made Easy`,
    professional: `${topic}: A Practical Guide`,
    energetic: `${topic} in ${titleCase(c.duration)}!`,
    educational: `${topic}, Explained Step by Step`,
    inspirational: `Why ${topic} Could Change Everything`,
    humorous: `${topic}: Easier Than You Think (Really)`,
  };
  const titles = [
    toneTitle[req.tone],
    req.audience ? `${topic}: What ${titleCase(req.audience)} Should Know` : `${topic}: The Essentials`,
    `${n} Things Nobody Tells You About ${topic}`,
    /^how\b/i.test(req.topic) ? `${topic} (Without the Overwhelm)` : `How to Get Started With ${topic}`,
  ];
  return titles.map((t) => shorten(t, SCRIPT_CONTENT_LIMITS.titleMax));
}

export function writeBuiltinScript(req: ScriptRequest): ScriptContent & { durationSec: number } {
  const seed = hashText(`${req.topic}|${req.tone}|${req.platform}|${req.audience}`);
  const c: Ctx = {
    topic: subjectOf(req.topic),
    audience: req.audience ? decapitalise(req.audience) : 'people',
    duration: durationLabel(req.targetSeconds),
    seed,
  };
  const hook = sentence(choose(HOOKS[req.tone], seed, 1)(c));
  const cta = sentence(req.callToAction || DEFAULT_CTA[req.platform](c));

  const totalWords = Math.round(req.targetSeconds * WORDS_PER_SECOND);
  const bodyWords = Math.max(totalWords - countWords(hook) - countWords(cta), 12);
  const sceneCount = Math.max(
    2,
    Math.min(12, Math.round(bodyWords / WORDS_PER_SECOND / SECONDS_PER_SCENE[req.platform])),
  );
  const planned = planScenes(req, c, sceneCount);
  const perScene = Math.max(8, Math.floor(bodyWords / planned.length));
  const support = SUPPORT_LINES.map((t) => t(c));
  const pool = [...support.slice(seed % support.length), ...support.slice(0, seed % support.length)];

  const scenes = planned.map((p) => ({
    narration: shorten(fillToBudget(p.lead, p.lines, perScene, pool), SCRIPT_CONTENT_LIMITS.narrationMax),
    visualCue: visualCueFor(req.platform, p.subject, p.caption),
    startSec: 0,
    endSec: 0,
  }));

  const outline = planned.map((p) => `• ${shorten(capitalise(p.caption), 80)}`).join('\n');
  const description = shorten(
    `${capitalise(c.topic)}${req.audience ? ` for ${c.audience}` : ''}, in about ${c.duration}.\n\nIn this video:\n${outline}\n\n${cta}`,
    SCRIPT_CONTENT_LIMITS.descriptionMax,
  );

  return retimeScript({
    titles: titlesFor(req, c, planned.length),
    hook,
    scenes,
    cta,
    description,
    hashtags: hashtagsFor(c.topic.replace(/^(?:learning to|the question of) /, ''), req.audience, req.platform),
  });
}
