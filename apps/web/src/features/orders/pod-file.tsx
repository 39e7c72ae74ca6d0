import { Anchor, Button, Group, Image, Loader, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { saveBlob } from '../../lib/download.ts';
import { usePodFile } from './api/get-pod-file.ts';

/** The file behind an authenticated URL, as a blob URL for the page's life (revoked after). */
function useBlobUrl(path: string) {
  const file = usePodFile(path);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) {
      return;
    }
    const next = URL.createObjectURL(file.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file.data]);
  return { blob: file.data, url, failed: file.isError };
}

/** The POD photo shown in place, or the PDF opened in a new tab; either can be downloaded. */
export function PodFile({ path, fileName }: { path: string; fileName: string }) {
  const { blob, url, failed } = useBlobUrl(path);
  if (failed) {
    return <Text c="red">{fileName} could not be loaded.</Text>;
  }
  if (!blob || !url) {
    return <Loader size="sm" aria-label={`Loading ${fileName}`} />;
  }
  const image = blob.type.startsWith('image/');
  return (
    <div>
      {image && (
        <Anchor href={url} target="_blank" rel="noreferrer">
          <Image src={url} alt={`Proof of delivery: ${fileName}`} mah={320} w="auto" fit="contain" radius="sm" mb="xs" />
        </Anchor>
      )}
      <Group gap="xs">
        {!image && (
          <Button component="a" href={url} target="_blank" rel="noreferrer" size="xs" variant="light">
            Open {fileName}
          </Button>
        )}
        <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} />} onClick={() => saveBlob(blob, fileName)}>
          Download {fileName}
        </Button>
      </Group>
    </div>
  );
}
