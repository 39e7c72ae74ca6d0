import { Alert, Button, FileButton, Image, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCamera, IconPaperclip } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import type { OutboxPart } from '../../lib/outbox.ts';
import type { TripMoveBody } from './api/trip-moves.ts';
import { readableSize } from './pod-photo.ts';
import { shrinkPhoto } from './pod-shrink.ts';
import { useDriverText } from './trip-words.ts';
import { touchButton } from './touch.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

type Photo = { file: File; originalSize: number; preview: string | null };

/** The chosen file, made smaller when it is a large photo, with its preview address (freed when replaced). */
function usePhoto() {
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [preparing, setPreparing] = useState(false);
  useEffect(() => () => (photo?.preview ? URL.revokeObjectURL(photo.preview) : undefined), [photo]);
  async function choose(file: File | null) {
    if (!file) {
      return;
    }
    setPreparing(true);
    const sent = await shrinkPhoto(file);
    setPreparing(false);
    setPhoto({ file: sent, originalSize: file.size, preview: sent.type.startsWith('image/') ? URL.createObjectURL(sent) : null });
  }
  return { photo, preparing, choose };
}

/** The POD's fields and photo as the deliver call's multipart parts (delivered now). */
function podParts(photo: Photo, receiverName: string, receiverMobile: string, remarks: string): TripMoveBody {
  const parts: OutboxPart[] = [
    { name: 'receiverName', value: receiverName.trim() },
    { name: 'receiverMobile', value: receiverMobile.trim() },
    { name: 'deliveredAt', value: new Date().toISOString() },
    { name: 'remarks', value: remarks.trim() },
    { name: 'file', file: photo.file, fileName: photo.file.name },
  ];
  return { parts };
}

/** What was chosen: the photo's preview (or the PDF's name) and its size as sent. */
function Chosen({ photo }: { photo: Photo }) {
  const { t } = useDriverText();
  const shrunk = photo.file.size < photo.originalSize;
  return (
    <Stack gap={4}>
      {photo.preview && <Image src={photo.preview} alt={t('pod.preview')} mah={260} fit="contain" radius="sm" />}
      <Text size="sm" role="status">
        {t('pod.file', { name: photo.file.name, size: readableSize(photo.file.size) })}
        {shrunk ? ` (${t('pod.shrunk', { size: readableSize(photo.originalSize) })})` : ''}
      </Text>
    </Stack>
  );
}

/** The camera button (the phone's back camera) and the file chooser (a photo taken earlier, or a PDF scan). */
function PhotoButtons({ preparing, choose }: { preparing: boolean; choose: (file: File | null) => void }) {
  const { t } = useDriverText();
  return (
    <>
      <FileButton onChange={choose} accept="image/*" capture="environment">
        {(props) => (
          <Button {...props} size="lg" mih={48} styles={touchButton} fullWidth leftSection={<IconCamera size={20} />} loading={preparing}>
            {t('pod.camera')}
          </Button>
        )}
      </FileButton>
      <FileButton onChange={choose} accept={ACCEPT}>
        {(props) => (
          <Button {...props} variant="default" size="md" mih={44} styles={touchButton} leftSection={<IconPaperclip size={18} />}>
            {t('pod.choose')}
          </Button>
        )}
      </FileButton>
      {preparing && <Text size="sm">{t('pod.preparing')}</Text>}
    </>
  );
}

type Receiver = { name: string; mobile: string; remarks: string };

/** Who received the goods, their mobile, and any shortage or damage. */
function ReceiverFields({ value, onChange }: { value: Receiver; onChange: (value: Receiver) => void }) {
  const { t } = useDriverText();
  const set = (key: keyof Receiver) => (e: { currentTarget: { value: string } }) => onChange({ ...value, [key]: e.currentTarget.value });
  return (
    <>
      <TextInput label={t('pod.receiverName')} required size="md" value={value.name} onChange={set('name')} />
      <TextInput label={t('pod.receiverMobile')} size="md" type="tel" inputMode="numeric" value={value.mobile} onChange={set('mobile')} />
      <Textarea label={t('pod.remarks')} size="md" autosize minRows={2} maxLength={500} value={value.remarks} onChange={set('remarks')} />
    </>
  );
}

/**
 * Delivered, with the POD (record 0302): a photo from the camera (or a file chosen), made smaller
 * on the phone, a preview with its size, the receiver, and the send, which the outbox keeps when
 * there is no network.
 */
export function PodForm({ onSend }: { onSend: (body: TripMoveBody) => Promise<void> }) {
  const { t } = useDriverText();
  const { photo, preparing, choose } = usePhoto();
  const [receiver, setReceiver] = useState<Receiver>({ name: '', mobile: '', remarks: '' });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function submit() {
    const problem = !photo ? t('pod.needFile') : !receiver.name.trim() ? t('pod.needName') : null;
    setError(problem);
    if (problem || !photo) {
      return;
    }
    setSending(true);
    await onSend(podParts(photo, receiver.name, receiver.mobile, receiver.remarks))
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : String(err)))
      .finally(() => setSending(false));
  }
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="trip-pod">
      <Stack gap="sm">
        <Title order={2} size="h4" id="trip-pod">
          {t('pod.title')}
        </Title>
        <Text size="sm">{t('pod.help')}</Text>
        <PhotoButtons preparing={preparing} choose={(f) => void choose(f)} />
        {photo && <Chosen photo={photo} />}
        <ReceiverFields value={receiver} onChange={setReceiver} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button size="lg" mih={52} styles={touchButton} fullWidth onClick={() => void submit()} loading={sending}>
          {t('pod.send')}
        </Button>
      </Stack>
    </Paper>
  );
}
