import { CARD_PAYMENT_INTEGRATION_KEY, type IntegrationCategory, type LocalizedText } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { integrations } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

interface CatalogEntry {
  key: string;
  name: string;
  category: IntegrationCategory;
  description: Required<LocalizedText>;
}

/** What Kampus can connect to, in the order the admin panel lists it. Brand names are not translated. */
export const INTEGRATION_CATALOG: CatalogEntry[] = [
  {
    key: CARD_PAYMENT_INTEGRATION_KEY,
    name: 'iyzico',
    category: 'payment',
    description: {
      tr: 'Eğitim satın alımlarında ve aboneliklerde kredi kartıyla ödeme alın; çalışanlar sipariş geçmişini görür.',
      en: 'Take card payments for training purchases and subscriptions; learners see their order history.',
      az: 'Təlim alışlarında və abunəliklərdə kartla ödəniş qəbul edin; əməkdaşlar sifariş tarixçəsini görür.',
      de: 'Kartenzahlungen für Schulungskäufe und Abonnements annehmen; Lernende sehen ihre Bestellhistorie.',
    },
  },
  {
    key: 'linkedin_learning',
    name: 'LinkedIn Learning',
    category: 'content',
    description: {
      tr: 'LinkedIn Learning kurslarını kataloğa ekleyin ve tamamlama verilerini raporlarda izleyin.',
      en: 'Bring LinkedIn Learning courses into the catalogue and follow completions in the reports.',
      az: 'LinkedIn Learning kurslarını kataloqa əlavə edin və tamamlanma məlumatlarını hesabatlarda izləyin.',
      de: 'LinkedIn-Learning-Kurse in den Katalog holen und Abschlüsse in den Berichten verfolgen.',
    },
  },
  {
    key: 'udemy_business',
    name: 'Udemy Business',
    category: 'content',
    description: {
      tr: 'Udemy Business kurslarını atayın; ilerleme ve tamamlamalar Udemy raporunda toplanır.',
      en: 'Assign Udemy Business courses; progress and completions are gathered in the Udemy report.',
      az: 'Udemy Business kurslarını təyin edin; irəliləyiş və tamamlanmalar Udemy hesabatında toplanır.',
      de: 'Udemy-Business-Kurse zuweisen; Fortschritt und Abschlüsse erscheinen im Udemy-Bericht.',
    },
  },
  {
    key: 'harvard_managementor',
    name: 'Harvard ManageMentor',
    category: 'content',
    description: {
      tr: 'Harvard Business Publishing’in yönetim ve liderlik modüllerini çalışanlarınıza açın.',
      en: 'Open Harvard Business Publishing’s management and leadership modules to your people.',
      az: 'Harvard Business Publishing-in idarəetmə və liderlik modullarını əməkdaşlarınıza açın.',
      de: 'Die Management- und Führungsmodule von Harvard Business Publishing für Ihre Mitarbeitenden freischalten.',
    },
  },
  {
    key: 'zoom',
    name: 'Zoom',
    category: 'meeting',
    description: {
      tr: 'Sınıf eğitimlerini Zoom toplantısı olarak planlayın; katılım otomatik işlenir.',
      en: 'Schedule classroom trainings as Zoom meetings; attendance is recorded automatically.',
      az: 'Sinif təlimlərini Zoom görüşü kimi planlaşdırın; iştirak avtomatik qeydə alınır.',
      de: 'Präsenzschulungen als Zoom-Meetings planen; die Teilnahme wird automatisch erfasst.',
    },
  },
  {
    key: 'microsoft_teams',
    name: 'Microsoft Teams',
    category: 'meeting',
    description: {
      tr: 'Sınıf eğitimlerini Microsoft Teams toplantısı olarak planlayın ve bildirimleri Teams’e gönderin.',
      en: 'Schedule classroom trainings as Microsoft Teams meetings and send notifications to Teams.',
      az: 'Sinif təlimlərini Microsoft Teams görüşü kimi planlaşdırın və bildirişləri Teams-ə göndərin.',
      de: 'Präsenzschulungen als Microsoft-Teams-Besprechungen planen und Benachrichtigungen an Teams senden.',
    },
  },
  {
    key: 'sso',
    name: 'SSO (SAML 2.0 / OpenID Connect)',
    category: 'identity',
    description: {
      tr: 'Çalışanlar şirket hesaplarıyla (Microsoft Entra ID, Okta, Google Workspace) tek tıkla giriş yapar.',
      en: 'People sign in with their company account (Microsoft Entra ID, Okta, Google Workspace) in one click.',
      az: 'Əməkdaşlar şirkət hesabları ilə (Microsoft Entra ID, Okta, Google Workspace) bir kliklə daxil olur.',
      de: 'Mitarbeitende melden sich mit ihrem Firmenkonto (Microsoft Entra ID, Okta, Google Workspace) per Klick an.',
    },
  },
];

/** Makes the database's catalogue match INTEGRATION_CATALOG at every start; entries are never deleted (companies point at them). */
export async function syncIntegrationCatalog(db: Db): Promise<void> {
  await asSystem(db, (tx) =>
    tx
      .insert(integrations)
      .values(
        INTEGRATION_CATALOG.map((entry, order) => ({
          keyName: entry.key,
          name: entry.name,
          category: entry.category,
          description: entry.description,
          order,
        })),
      )
      .onConflictDoUpdate({
        target: integrations.keyName,
        set: {
          name: sql`excluded.name`,
          category: sql`excluded.category`,
          description: sql`excluded.description`,
          order: sql`excluded."order"`,
        },
      }),
  );
}
