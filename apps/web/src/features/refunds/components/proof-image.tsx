import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { useRefundProof } from '../api';

/**
 * The transfer's proof, a picture or a PDF. It is a private file: fetched with the session's
 * token (an <img> cannot send it) and shown from the browser's copy; a click opens that copy at
 * full size, or saves the PDF.
 */
export function ProofImage({ url, alt, pdfLabel }: { url: string; alt: string; pdfLabel: string }) {
  // Proofs kept before they became private are still public files.
  const isPrivate = url.startsWith('/api/');
  const proof = useRefundProof(url, isPrivate);
  // One browser copy per fetched file, released when it changes or the picture goes.
  const objectUrl = useMemo(
    () => (proof.data ? URL.createObjectURL(proof.data) : null),
    [proof.data],
  );
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  const src = isPrivate ? objectUrl : url;
  if (!src) return <Skeleton variant="rounded" height={160} data-testid="refund-proof-loading" />;
  // A bank's PDF slip is saved and opened by the browser's own viewer, not drawn here.
  if (proof.data?.type === 'application/pdf') {
    return (
      <Link href={src} download={`${pdfLabel}.pdf`} data-testid="refund-proof-pdf">
        {pdfLabel}
      </Link>
    );
  }
  return (
    <Link href={src} target="_blank" rel="noopener">
      <Box
        component="img"
        src={src}
        alt={alt}
        sx={{ maxWidth: '100%', maxHeight: 320, borderRadius: 1 }}
      />
    </Link>
  );
}
