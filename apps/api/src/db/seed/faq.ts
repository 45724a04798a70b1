import type { LocalizedText } from '@kampus/shared';
import type { Db } from '../client.js';
import { faqCategories, faqs } from '../schema/index.js';

type Text = Required<LocalizedText>;
interface SeedCategory {
  name: Text;
  questions: { question: Text; answer: Text }[];
}

/** Demo Holding's help centre: what new learners really ask, in the four languages. */
const DEMO_FAQ: SeedCategory[] = [
  {
    name: { tr: 'Hesap ve giriş', en: 'Account and sign-in', az: 'Hesab və giriş', de: 'Konto und Anmeldung' },
    questions: [
      {
        question: {
          tr: 'Şifremi unuttum, nasıl yenilerim?',
          en: 'I forgot my password. How do I reset it?',
          az: 'Şifrəmi unutmuşam, onu necə yeniləyim?',
          de: 'Ich habe mein Passwort vergessen. Wie setze ich es zurück?',
        },
        answer: {
          tr: '<p>Giriş sayfasında <strong>Şifremi unuttum</strong> bağlantısına tıklayın ve e-posta adresinizi yazın. Gelen bağlantı 60 dakika geçerlidir.</p>',
          en: '<p>On the sign-in page, choose <strong>Forgot password</strong> and enter your email address. The link you receive is valid for 60 minutes.</p>',
          az: '<p>Giriş səhifəsində <strong>Şifrəni unutmusunuz?</strong> keçidinə klikləyin və e-poçt ünvanınızı yazın. Gələn keçid 60 dəqiqə etibarlıdır.</p>',
          de: '<p>Wählen Sie auf der Anmeldeseite <strong>Passwort vergessen</strong> und geben Sie Ihre E-Mail-Adresse ein. Der Link ist 60 Minuten gültig.</p>',
        },
      },
      {
        question: {
          tr: 'Profil fotoğrafımı nasıl değiştiririm?',
          en: 'How do I change my profile photo?',
          az: 'Profil şəklimi necə dəyişə bilərəm?',
          de: 'Wie ändere ich mein Profilbild?',
        },
        answer: {
          tr: '<p>Sağ üstteki profil menüsünden <strong>Profilim</strong> sayfasını açın, ardından <em>Profili düzenle</em> ile yeni bir fotoğraf yükleyin (en fazla 2 MB).</p>',
          en: '<p>Open <strong>My profile</strong> from the menu at the top right, then upload a new photo with <em>Edit profile</em> (up to 2 MB).</p>',
          az: '<p>Yuxarı sağdakı menyudan <strong>Profilim</strong> səhifəsini açın, sonra <em>Profili redaktə et</em> ilə yeni şəkil yükləyin (ən çox 2 MB).</p>',
          de: '<p>Öffnen Sie oben rechts <strong>Mein Profil</strong> und laden Sie über <em>Profil bearbeiten</em> ein neues Bild hoch (höchstens 2 MB).</p>',
        },
      },
    ],
  },
  {
    name: { tr: 'Eğitimler', en: 'Trainings', az: 'Təlimlər', de: 'Schulungen' },
    questions: [
      {
        question: {
          tr: 'Zorunlu eğitimlerimi nerede görürüm?',
          en: 'Where can I see my mandatory trainings?',
          az: 'Məcburi təlimlərimi harada görə bilərəm?',
          de: 'Wo sehe ich meine Pflichtschulungen?',
        },
        answer: {
          tr: '<p>Zorunlu görevleriniz her girişte açılan <strong>Zorunlu görevler</strong> penceresinde ve <strong>Atamalarım</strong> sayfasında listelenir.</p>',
          en: '<p>Your mandatory tasks appear in the <strong>Mandatory missions</strong> window that opens after you sign in, and on the <strong>My assignments</strong> page.</p>',
          az: '<p>Məcburi tapşırıqlarınız girişdən sonra açılan <strong>Məcburi tapşırıqlar</strong> pəncərəsində və <strong>Tapşırıqlarım</strong> səhifəsində göstərilir.</p>',
          de: '<p>Ihre Pflichtaufgaben erscheinen im Fenster <strong>Pflichtaufgaben</strong> nach der Anmeldung und auf der Seite <strong>Meine Zuweisungen</strong>.</p>',
        },
      },
      {
        question: {
          tr: 'Bir eğitimi yarıda bırakırsam ilerlemem kaybolur mu?',
          en: 'If I stop a training halfway, do I lose my progress?',
          az: 'Təlimi yarımçıq qoysam, irəliləyişim itirmi?',
          de: 'Geht mein Fortschritt verloren, wenn ich eine Schulung unterbreche?',
        },
        answer: {
          tr: '<p>Hayır. İlerlemeniz otomatik kaydedilir; eğitimi yeniden açtığınızda <strong>Devam et</strong> ile kaldığınız yerden sürdürürsünüz.</p>',
          en: '<p>No. Your progress is saved automatically; when you open the training again, <strong>Continue</strong> takes you back to where you stopped.</p>',
          az: '<p>Xeyr. İrəliləyişiniz avtomatik yadda saxlanılır; təlimi yenidən açanda <strong>Davam et</strong> ilə qaldığınız yerdən davam edirsiniz.</p>',
          de: '<p>Nein. Ihr Fortschritt wird automatisch gespeichert; mit <strong>Fortsetzen</strong> machen Sie später dort weiter, wo Sie aufgehört haben.</p>',
        },
      },
      {
        question: {
          tr: 'Videoyu neden ileri saramıyorum?',
          en: 'Why can’t I skip ahead in a video?',
          az: 'Videonu niyə irəli çəkə bilmirəm?',
          de: 'Warum kann ich im Video nicht vorspulen?',
        },
        answer: {
          tr: '<p>Zorunlu eğitimlerde izlenmemiş bölümlere atlanamaz ve oynatma hızı 1x ile sınırlıdır; böylece eğitimin tamamını izlediğiniz kayda geçer.</p>',
          en: '<p>In mandatory trainings you cannot jump past parts you have not watched, and playback speed is limited to 1x, so your completion reflects the whole training.</p>',
          az: '<p>Məcburi təlimlərdə baxılmamış hissələrə keçmək olmur və sürət 1x ilə məhduddur; beləliklə, təlimin tam izlənildiyi qeydə alınır.</p>',
          de: '<p>In Pflichtschulungen können Sie nicht über ungesehene Teile springen, und die Geschwindigkeit ist auf 1x begrenzt, damit der Abschluss die ganze Schulung abbildet.</p>',
        },
      },
    ],
  },
  {
    name: { tr: 'Sertifikalar', en: 'Certificates', az: 'Sertifikatlar', de: 'Zertifikate' },
    questions: [
      {
        question: {
          tr: 'Sertifikamı nereden indirebilirim?',
          en: 'Where can I download my certificate?',
          az: 'Sertifikatımı haradan yükləyə bilərəm?',
          de: 'Wo kann ich mein Zertifikat herunterladen?',
        },
        answer: {
          tr: '<p>Eğitimi tamamladığınızda sertifikanız <strong>Sertifikalarım</strong> sayfasına eklenir; oradan PDF olarak indirebilirsiniz.</p>',
          en: '<p>When you complete a training, its certificate is added to <strong>My certificates</strong>, where you can download it as a PDF.</p>',
          az: '<p>Təlimi bitirdikdə sertifikatınız <strong>Sertifikatlarım</strong> səhifəsinə əlavə olunur; onu oradan PDF kimi yükləyə bilərsiniz.</p>',
          de: '<p>Nach Abschluss einer Schulung erscheint das Zertifikat unter <strong>Meine Zertifikate</strong>; dort können Sie es als PDF herunterladen.</p>',
        },
      },
    ],
  },
];

/** A question for everyone that belongs to no topic: who to ask when the FAQ is not enough. */
const DEMO_UNCATEGORIZED = {
  question: {
    tr: 'Sorumun yanıtını burada bulamadım. Kime yazabilirim?',
    en: 'I could not find my answer here. Whom can I write to?',
    az: 'Sualımın cavabını burada tapmadım. Kimə yaza bilərəm?',
    de: 'Ich finde meine Antwort hier nicht. An wen kann ich mich wenden?',
  },
  answer: {
    tr: '<p>İnsan Kaynakları Akademi ekibine <a href="mailto:akademi@demo.test">akademi@demo.test</a> adresinden ulaşabilirsiniz; iş günlerinde 24 saat içinde yanıt verilir.</p>',
    en: '<p>Write to the HR Academy team at <a href="mailto:akademi@demo.test">akademi@demo.test</a>; they answer within 24 hours on working days.</p>',
    az: '<p>İnsan Resursları Akademiya komandasına <a href="mailto:akademi@demo.test">akademi@demo.test</a> ünvanından yazın; iş günlərində 24 saat ərzində cavab verilir.</p>',
    de: '<p>Schreiben Sie dem HR-Akademie-Team an <a href="mailto:akademi@demo.test">akademi@demo.test</a>; an Werktagen antwortet es innerhalb von 24 Stunden.</p>',
  },
};

/** Demo Holding's FAQ: three topics with their questions, and one question outside any topic. */
export async function seedFaq(tx: Db, companyId: number): Promise<void> {
  for (const [order, category] of DEMO_FAQ.entries()) {
    const [row] = await tx
      .insert(faqCategories)
      .values({ companyId, name: category.name, order })
      .returning({ id: faqCategories.id });
    if (!row) throw new Error('faq category insert failed');
    await tx
      .insert(faqs)
      .values(category.questions.map((q, index) => ({ companyId, categoryId: row.id, ...q, order: index })));
  }
  await tx.insert(faqs).values({ companyId, ...DEMO_UNCATEGORIZED, order: 0 });
}
