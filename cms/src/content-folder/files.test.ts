import { mkdir, mkdtemp, rm, writeFile } from 'fs/promises';
import os from 'os';
import path from 'path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blog, fieldsOf, serializeEntry } from '../contract/definitions';
import { CONTRACT_RULES } from '../contract/shared/rules';
import { validateText } from '../contract/validation';
import { entryFiles, parseMarkdown, readFolder, toYaml, type EntryRecord, type Problem } from './files';
import { collectionKinds, type CollectionKind } from './kinds';

const kind = (dir: string) => collectionKinds.find((candidate) => candidate.dir === dir)!;

describe('content folder files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folder-files-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  };

  it('keeps a draft a draft (draft: true) and a submitted post submitted (submitted: true), reads a post without either as published, and refuses a flag that is not true or false', async () => {
    const post = (key: string, flags: Pick<EntryRecord, 'draft' | 'submitted'> = {}): EntryRecord => ({
      kind: kind('blog'),
      key,
      file: '',
      text: { title: key, content: 'Text.', author: 'a@example.org' },
      media: {},
      ...flags,
    });
    for (const record of [post('draft', { draft: true }), post('submitted', { submitted: true }), post('published')]) {
      for (const [file, text] of Object.entries(entryFiles(record))) await write(file, text);
    }
    await write('blog/odd.md', '---\ntitle: Odd\nauthor: a@example.org\ndraft: maybe\nsubmitted: 1\n---\nText.\n');
    const { entries, problems } = await readFolder(dir);
    expect(entries.find((entry) => entry.key === 'draft')).toMatchObject({ draft: true });
    expect(entries.find((entry) => entry.key === 'draft')?.submitted).toBeUndefined();
    expect(entries.find((entry) => entry.key === 'submitted')).toMatchObject({ submitted: true });
    expect(entries.find((entry) => entry.key === 'submitted')?.draft).toBeUndefined();
    expect(entries.find((entry) => entry.key === 'published')?.draft).toBeUndefined();
    expect(entries.find((entry) => entry.key === 'published')?.submitted).toBeUndefined();
    expect(problems).toEqual([
      { file: 'blog/odd.md', field: 'draft', message: 'This must be true or false.' },
      { file: 'blog/odd.md', field: 'submitted', message: 'This must be true or false.' },
    ]);
  });

  it('writes and reads back any text exactly: line breaks, trailing spaces, quotes, Devanagari', async () => {
    const tricky = [
      'line one\nline two',
      'ends with a break\n',
      'windows\r\nbreaks',
      '  leading spaces',
      'key: value # not a comment',
      'yes',
      '123',
      'नमस्ते: "उद्धरण"',
      'tab\there',
      'two\n\n\nbreaks  ',
    ];
    for (const [index, value] of tricky.entries()) {
      const record: EntryRecord = {
        kind: kind('blog'),
        key: `post-${index}`,
        file: '',
        id: index + 1,
        text: { title: value, content: value, author: 'a@example.org' },
        date: '2024-04-12T10:30:00.000Z',
        media: { cover: { file: 'x.jpg', alt: value } },
        ne: { title: value, content: value },
      };
      for (const [file, text] of Object.entries(entryFiles(record))) await write(file, text);
    }
    const { entries, problems } = await readFolder(dir);
    expect(problems).toEqual([]);
    for (const [index, value] of tricky.entries()) {
      const post = entries.find((entry) => entry.key === `post-${index}`)!;
      expect(post.text, JSON.stringify(value)).toEqual({ title: value, content: value, author: 'a@example.org' });
      expect(post.ne).toEqual({ title: value, content: value });
      expect(post.media.cover).toEqual({ file: 'x.jpg', alt: value });
      expect(post.id).toBe(index + 1);
    }
  });

  it("reads a post written by hand: body after the front matter, the editor's last line break dropped, CRLF files too", async () => {
    await write('blog/a.md', '---\ntitle: A\nauthor: a@example.org\ncover: a.png\n---\n# Heading\n\nText.\n');
    await write('blog/b.md', '---\r\ntitle: B\r\nauthor: b@example.org\r\n---\r\nBody\r\n');
    const { entries, problems } = await readFolder(dir);
    expect(problems).toEqual([]);
    expect(entries.map((entry) => [entry.key, entry.text.content, entry.media.cover])).toEqual([
      ['a', '# Heading\n\nText.', { file: 'a.png' }],
      ['b', 'Body', null],
    ]);
  });

  it('reports every problem with its file and field, and reads on', async () => {
    await write('blog/no-front.md', 'Just text.\n');
    await write('blog/orphan.ne.md', '---\ntitle: x\n---\ny\n');
    await write('team/bad name.yaml', 'name: X\n');
    await write('team/typo.yaml', 'name: X\nrol: Cook\nid: -3\nphoto:\n  file: p.png\n  colour: red\nne:\n  name: नाम\n');
    await write('images/list.yaml', '- not\n- a mapping\n');
    await write('images/broken.yaml', 'title: "unclosed\n');
    await write('pages/contact.yaml', 'x: 1\n');
    await write('notes/readme.txt', 'hello');
    await write('README.md', 'Notes beside the content are fine.');
    const { problems } = await readFolder(dir);
    const seen = problems.map((problem: Problem) => `${problem.file}|${problem.field ?? ''}|${problem.message}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'blog/no-front.md||A post starts with its fields between two lines of three dashes (---).',
        'blog/orphan.ne.md||There is no English post blog/orphan.md beside this Nepali one.',
        'team/bad name.yaml||File names may only use letters, digits, ".", "-" and "_" (no spaces), and start with a letter or digit.',
        'team/typo.yaml|rol|Unknown field "rol".',
        'team/typo.yaml|id|The id must be a positive whole number.',
        'team/typo.yaml|photo.colour|Unknown field "colour".',
        'images/list.yaml||The file must hold named fields (field: value), one per line.',
        'pages/contact.yaml||There is no such page: use one of site-setting.yaml, home.yaml, objective-page.yaml, organization-page.yaml.',
        'notes/||Not part of a content folder (see the README for its layout).',
      ]),
    );
    expect(seen.some((line) => line.startsWith('images/broken.yaml||This is not valid YAML'))).toBe(true);
    // `name` is a field of the Nepali part only where it differs by language; that is checked against the schema later.
    expect(problems.filter((problem) => problem.file === 'README.md')).toEqual([]);
  });

  it('writes YAML people can read: long lines kept, multi-line text as a block', () => {
    const long = 'word '.repeat(40).trim();
    expect(toYaml({ bio: long })).toBe(`bio: ${long}\n`);
    expect(toYaml({ bio: 'one\ntwo' })).toBe('bio: |-\n  one\n  two\n');
  });

  it('keeps the body exactly when it has no final line break', () => {
    const problems: Problem[] = [];
    expect(parseMarkdown('---\ntitle: x\n---\nno break', 'f.md', problems)).toEqual({ front: { title: 'x' }, body: 'no break' });
    expect(problems).toEqual([]);
  });
});

describe('every field of every kind goes through a content folder and back', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folder-round-trip-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** An entry of `kind` with a value in each of its text fields, media fields and translated fields. */
  const fullRecord = (kind: CollectionKind): EntryRecord => ({
    kind,
    key: `every-${kind.dir}`,
    file: '',
    id: 7,
    text: Object.fromEntries(kind.def.textFields.map((rule) => [rule.field, rule.email ? 'a@example.org' : `English ${rule.field}`])),
    date: kind.date.key === 'joined' ? '2024-04-12' : '2024-04-12T10:30:00.000Z',
    media: Object.fromEntries(kind.media.map((media) => [media.key, { file: `${media.key}.jpg`, alt: `About ${media.key}` }])),
    ne: Object.fromEntries(
      [...kind.def.textFields.filter((rule) => rule.localized), ...(kind.def.translationFields ?? [])].map((rule) => [
        rule.field,
        `नेपाली ${rule.field}`,
      ]),
    ),
  });

  const roundTrip = async (kinds: CollectionKind[]) => {
    for (const kind of kinds) {
      for (const [file, text] of Object.entries(entryFiles(fullRecord(kind)))) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), text);
      }
    }
    return readFolder(dir, kinds);
  };

  it('with every translated field in the Nepali part (a post keeps its Nepali front matter)', async () => {
    const { entries, problems } = await roundTrip(collectionKinds);
    expect(problems).toEqual([]);
    for (const kind of collectionKinds) {
      const read = entries.find((entry) => entry.kind === kind)!;
      const { kind: _kind, file: _file, neFile: _neFile, ...expected } = fullRecord(kind);
      const { kind: _k, file: _f, neFile: _n, ...actual } = read;
      expect(actual, kind.dir).toEqual(expected);
    }
  });

  it('a field added to a kind once, in its rules, is checked by the contract and carried by content folders in both languages', async () => {
    const rules = {
      ...CONTRACT_RULES.blog,
      text: { ...CONTRACT_RULES.blog.text, summary: { label: 'Summary', maxLength: 300, localized: true } },
    };
    const def = { ...blog, ...fieldsOf('blog', rules) };
    const summary = def.textFields.find((rule) => rule.field === 'summary')!;
    expect(summary).toMatchObject({ attribute: 'summary', localized: true, maxLength: 300 });
    expect(validateText(def.textFields, { title: 't', content: 'c', author: 'a@example.org', summary: 'x'.repeat(301) }).errors).toEqual({
      summary: ['Summary must be at most 300 characters.'],
    });
    expect(
      serializeEntry(def, { id: 1, documentId: 'd', title: 't', content: 'c', author: 'a', summary: 'Short.' }, () => null),
    ).toMatchObject({
      summary: 'Short.',
    });

    const withSummary = { ...kind('blog'), def };
    const { entries, problems } = await roundTrip([withSummary]);
    expect(problems).toEqual([]);
    expect(entries[0].text.summary).toBe('English summary');
    expect(entries[0].ne?.summary).toBe('नेपाली summary');
  });
});
