import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Markdown, { type Components } from 'react-markdown';

// How a Markdown text (terms, privacy) reads in the customer app. The text is parsed into React
// elements, never set as HTML: HTML typed into the text is dropped, only the elements below are
// drawn (others keep just their text), and link addresses go through react-markdown's filter,
// which drops javascript: and other unsafe schemes. Loaded on demand: only the editor needs it.

const allowed = [
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'strong',
  'em',
  'del',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'code',
  'pre',
  'hr',
  'br',
];

const components: Components = {
  a: ({ href, children }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </Link>
  ),
};

export function MarkdownPreview({ source, testId }: { source: string; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        typography: 'body2',
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& h1': { typography: 'h5', mt: 2, mb: 1 },
        '& h2': { typography: 'h6', mt: 2, mb: 1 },
        '& h3, & h4': { typography: 'subtitle1', fontWeight: 600, mt: 1.5, mb: 0.5 },
        '& p': { my: 1 },
        '& ul, & ol': { pl: 3, my: 1 },
        '& blockquote': {
          borderLeft: 3,
          borderColor: 'divider',
          pl: 1.5,
          ml: 0,
          color: 'text.secondary',
        },
        '& code': { fontFamily: 'monospace', fontSize: '0.85em' },
      }}
    >
      <Markdown skipHtml allowedElements={allowed} unwrapDisallowed components={components}>
        {source}
      </Markdown>
    </Box>
  );
}
