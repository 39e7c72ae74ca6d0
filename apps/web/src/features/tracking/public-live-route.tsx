import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { mountPublicTrack } from './public-track-view.ts';

/** `/live/:id` reached inside the app (a link opened from outside starts without the app: boot.ts). */
export default function PublicLiveRoute() {
  const token = useParams().id ?? '';
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => (box.current ? mountPublicTrack(box.current, token) : undefined), [token]);
  return <div ref={box} />;
}
