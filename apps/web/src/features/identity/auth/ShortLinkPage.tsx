import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { http } from '../../../lib/api.js';

/** /s/{id}: the address behind a short link, else /404 (spec §2.4). */
export default function ShortLinkPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    http
      .get<{ data: string }>('api/s', encodeURIComponent(id))
      .then(({ data }) => {
        if (data.startsWith('/') && !data.startsWith('//')) navigate(data, { replace: true });
        else if (/^https?:\/\//.test(data)) window.location.replace(data);
        else navigate('/404', { replace: true });
      })
      .catch(() => navigate('/404', { replace: true }));
  }, [id, navigate]);
  return (
    <Center mih="100vh">
      <Loader />
    </Center>
  );
}
