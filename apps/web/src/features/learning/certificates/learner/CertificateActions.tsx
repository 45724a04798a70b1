import type { MyCertificate } from '@kampus/shared';
import { Button, CopyButton, Group } from '@mantine/core';
import { IconBrandLinkedin, IconCheck, IconDownload, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NS } from './api.js';

/** Download the PDF and the image, copy the verification link, add it to LinkedIn. */
export function CertificateActions({ certificate }: { certificate: MyCertificate }) {
  const { t } = useTranslation();
  const fileName = certificate.number;
  return (
    <Group gap="xs">
      {certificate.pdf_url && (
        <Button
          component="a"
          href={certificate.pdf_url}
          download={`${fileName}.pdf`}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          data-testid="certificate-pdf"
        >
          {t(`${NS}.download_pdf`)}
        </Button>
      )}
      {certificate.png_url && (
        <Button
          component="a"
          href={certificate.png_url}
          download={`${fileName}.png`}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          data-testid="certificate-png"
        >
          {t(`${NS}.download_png`)}
        </Button>
      )}
      <CopyButton value={certificate.verify_url}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant={copied ? 'filled' : 'default'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconLink size={16} aria-hidden />}
            data-testid="certificate-copy-link"
          >
            {copied ? t(`${NS}.copied`) : t(`${NS}.copy_link`)}
          </Button>
        )}
      </CopyButton>
      <Button
        component="a"
        href={certificate.linkedin_url}
        target="_blank"
        rel="noopener noreferrer"
        size="xs"
        variant="default"
        leftSection={<IconBrandLinkedin size={16} aria-hidden />}
        data-testid="certificate-linkedin"
      >
        {t(`${NS}.linkedin`)}
      </Button>
    </Group>
  );
}
