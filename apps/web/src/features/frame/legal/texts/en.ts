import type { BuiltInLegalTexts } from '../documents.js';

/** English texts, following the Turkish notice (KVKK) and covering users under the Azerbaijani Law on Personal Data. */
export const en: BuiltInLegalTexts = {
  personalData: (company) => ({
    title: 'Personal Data Protection Notice',
    intro: [
      `At ${company} (the "Company") we care about the security of the personal data processed through the Kampus learning platform (the "Platform"). As the data controller under the applicable data protection law — in particular Turkish Law No. 6698 on the Protection of Personal Data ("KVKK") and, for users in Azerbaijan, the Law of the Republic of Azerbaijan on Personal Data — we explain below for which purposes and on which legal grounds your personal data is processed, to whom it may be transferred, and what rights you have.`,
    ],
    sections: [
      {
        heading: '1. Data controller',
        paragraphs: [
          `Your personal data is processed by ${company} as the data controller. The Platform's technical infrastructure is provided by a data processor acting on the Company's behalf and on its instructions.`,
        ],
      },
      {
        heading: '2. Personal data processed and how it is collected',
        items: [
          'Identity data: first name, surname, username, employee number and, where the Company requires it, national identity number.',
          'Contact data: email address and mobile phone number.',
          'Training and assessment records: trainings assigned to and completed by you, your progress, your exam and survey answers and their results, your certificates, points and gifts.',
          'Security and log records: sign-in and sign-out times, IP address, browser and device information, pages viewed and records of actions taken on the Platform.',
        ],
        closing: [
          'Your personal data is collected electronically: transferred to the Platform by the Company, entered by you in forms while using the Platform, and recorded by the Platform automatically.',
        ],
      },
      {
        heading: '3. Purposes of processing',
        items: [
          'creating your Platform account, verifying your identity and keeping your session secure;',
          'providing the trainings, exams and surveys assigned to you, tracking your progress and issuing your certificates;',
          'planning, reporting on and evaluating the Company’s internal training activities;',
          'sending you notifications, announcements and reminders;',
          'ensuring information security and preventing and detecting unauthorised access;',
          'complying with legal obligations and answering requests from competent authorities.',
        ],
      },
      {
        heading: '4. Legal grounds',
        paragraphs: [
          'Your personal data is processed because it is directly necessary for the conclusion or performance of a contract, necessary for the data controller to comply with a legal obligation, necessary for the establishment, exercise or defence of a right, and necessary for the legitimate interests of the data controller provided that your fundamental rights and freedoms are not harmed (KVKK Article 5(2)); where the law requires it, on the basis of your consent.',
          'Any processing that rests on none of these grounds takes place only with your explicit consent, which you may withdraw at any time without affecting processing carried out before.',
        ],
      },
      {
        heading: '5. Transfers of personal data',
        paragraphs: [
          'Limited to the purposes above, your personal data may be transferred to the group of companies the Company belongs to, to technology providers engaged to host and maintain the Platform, to partners that provide training content, and to public authorities entitled by law, under the conditions of KVKK Articles 8 and 9 and the Azerbaijani Law on Personal Data. Transfers abroad take place only with the safeguards these laws require.',
        ],
      },
      {
        heading: '6. Retention',
        paragraphs: [
          'Your personal data is kept for as long as the purpose of processing requires and for the retention and limitation periods laid down by law. When these periods end, the data is erased, destroyed or anonymised.',
        ],
      },
      {
        heading: '7. Your rights',
        paragraphs: ['By applying to the data controller you have the right to:'],
        items: [
          'learn whether your personal data is processed and, if so, request information about it;',
          'learn the purpose of the processing and whether the data is used in line with that purpose;',
          'know the third parties in your country or abroad to whom your personal data is transferred;',
          'request the correction of incomplete or inaccurate data;',
          'request the erasure or destruction of your personal data under the conditions of the law;',
          'request that third parties to whom the data was transferred be notified of such correction, erasure or destruction;',
          'object to a result to your detriment arising from the analysis of your data exclusively by automated systems;',
          'withdraw the consent you have given;',
          'claim compensation for damage suffered because of unlawful processing, and lodge a complaint with the competent supervisory authority or court.',
        ],
      },
      {
        heading: '8. Applications and response time',
        paragraphs: [
          'You may send requests concerning your rights to the Company in writing, together with information that identifies you, or from the email address registered with the Company.',
          'Your request is answered free of charge as soon as possible and within thirty (30) days at the latest. Where answering requires additional cost, the fee set by the competent authority may be charged.',
        ],
      },
    ],
  }),

  userInformation: (company) => ({
    title: 'User Information',
    intro: [
      `This learning platform is provided by ${company} on the Kampus infrastructure for training its employees and partners. You reach it with the account ${company} has set up for you.`,
    ],
    sections: [
      {
        heading: 'Your account and its security',
        items: [
          'Do not share your password with anyone and never sign in with someone else’s account.',
          'Sign out when you have finished on a shared device.',
          'If you suspect that your account has been used without your permission, change your password at once and tell your platform administrator.',
        ],
      },
      {
        heading: 'What the platform records',
        paragraphs: [
          'Your participation in trainings, your progress, your exam and survey results and the certificates and points you earn are recorded and may be reported to authorised managers of the Company. For security, sign-ins and the pages you visit are recorded as well.',
        ],
      },
      {
        heading: 'What is stored in your browser',
        paragraphs: [
          'The platform stores, encrypted in your browser, the keys that keep you signed in, your language choice and the fact that this information has been shown to you. This information is used only to make the platform work.',
        ],
      },
      {
        heading: 'Training content',
        paragraphs: [
          'The training content on the platform belongs to the Company or its licensors. It may be used only for your own training and may not be copied, recorded or shared without permission.',
        ],
      },
      {
        heading: 'Your personal data',
        paragraphs: [
          'You find detailed information on how your personal data is processed on the "Legal notice" page in the profile menu. Requests concerning your rights are answered within thirty (30) days at the latest.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          'For questions about the platform, contact the Company’s human resources or training department, or your platform administrator.',
        ],
      },
    ],
  }),
};
