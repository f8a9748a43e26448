import { describe, expect, it } from 'vitest';
import { uploadsInMarkdown } from './post-body-uploads';

describe('the uploads a post body refers to', () => {
  it('reads relative and absolute upload URLs, in images, links and raw HTML, each once', () => {
    const markdown = [
      '![Kites](/uploads/kites_ab12.jpg "Dashain")',
      '![Swing](http://127.0.0.1:1337/uploads/swing_cd34.png)',
      '<img src="https://cms.example.org/uploads/tika_ef56.jpg" alt="Tika">',
      '[the menu](/uploads/menu_0a.pdf) and again ![Kites](/uploads/kites_ab12.jpg)',
    ].join('\n\n');
    expect([...uploadsInMarkdown(markdown)].sort()).toEqual(['kites_ab12.jpg', 'menu_0a.pdf', 'swing_cd34.png', 'tika_ef56.jpg']);
  });

  it('leaves out what cannot be a stored name', () => {
    expect([...uploadsInMarkdown('/uploads/../config.ts /uploads/.hidden /uploads/ /uploadsX/a.jpg /img/640/webp/a.jpg')]).toEqual([]);
    expect(uploadsInMarkdown(null).size).toBe(0);
  });
});
