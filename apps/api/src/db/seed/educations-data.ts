import type { CategoryIcon, EducationVisibility, LocalizedText } from '@kampus/shared';

/**
 * The demo educations' words: five categories (one with a subcategory), twenty corporate trainings and three
 * programs, in Turkish for Demo Holding and in English for Acme Corp. db/seed/educations.ts turns them into rows.
 */

export type CategoryKey = 'security' | 'safety' | 'compliance' | 'sales' | 'growth' | 'leadership';

export interface SeedCategory {
  key: CategoryKey;
  parent?: CategoryKey;
  icon: CategoryIcon;
  names: LocalizedText;
}

export const CATEGORIES: SeedCategory[] = [
  {
    key: 'security',
    icon: 'shield-lock',
    names: {
      tr: 'Bilgi Güvenliği ve Veri Koruma',
      en: 'Information Security and Privacy',
      az: 'İnformasiya Təhlükəsizliyi və Məlumatların Qorunması',
      de: 'Informationssicherheit und Datenschutz',
    },
  },
  {
    key: 'safety',
    icon: 'helmet',
    names: {
      tr: 'İş Sağlığı ve Güvenliği',
      en: 'Health and Safety',
      az: 'Əməyin Mühafizəsi və Təhlükəsizlik',
      de: 'Arbeitssicherheit und Gesundheitsschutz',
    },
  },
  {
    key: 'compliance',
    icon: 'scale',
    names: { tr: 'Etik ve Uyum', en: 'Ethics and Compliance', az: 'Etika və Uyğunluq', de: 'Ethik und Compliance' },
  },
  {
    key: 'sales',
    icon: 'chart-line',
    names: {
      tr: 'Satış ve Müşteri Deneyimi',
      en: 'Sales and Customer Experience',
      az: 'Satış və Müştəri Təcrübəsi',
      de: 'Vertrieb und Kundenerlebnis',
    },
  },
  {
    key: 'growth',
    icon: 'bulb',
    names: {
      tr: 'Kişisel Gelişim ve Çalışma Hayatı',
      en: 'Personal Development and Working Life',
      az: 'Şəxsi İnkişaf və İş Həyatı',
      de: 'Persönliche Entwicklung und Arbeitsalltag',
    },
  },
  {
    key: 'leadership',
    parent: 'growth',
    icon: 'users',
    names: {
      tr: 'Liderlik ve Koçluk',
      en: 'Leadership and Coaching',
      az: 'Liderlik və Kouçinq',
      de: 'Führung und Coaching',
    },
  },
];

/** The company's hashtags the educations carry (stored bare; the screens show the sign). */
export const HASHTAGS = {
  demo: {
    security: 'bilgigüvenliği',
    privacy: 'kvkk',
    safety: 'isg',
    compliance: 'uyum',
    sales: 'satış',
    leadership: 'liderlik',
    communication: 'iletişim',
    onboarding: 'oryantasyon',
    remote: 'uzaktançalışma',
  },
  acme: {
    security: 'security',
    privacy: 'privacy',
    safety: 'safety',
    compliance: 'compliance',
    sales: 'sales',
    leadership: 'leadership',
    communication: 'communication',
    onboarding: 'onboarding',
    remote: 'remotework',
  },
} as const;
export type HashtagKey = keyof (typeof HASHTAGS)['demo'];

/** One language's words of an education, and the short lesson page written for it (a content of its own). */
export interface EducationText {
  title: string;
  subTitle: string;
  descriptionTitle: string;
  /** Safe HTML (paragraphs, lists, emphasis); the seed still passes it through the rich-text sanitizer. */
  description: string;
  lesson: { title: string; body: string };
}

/**
 * A part: a key of the content library (db/seed/content.ts: onboarding, security, handbook, policy, safety, service,
 * privacy, remote) or `lesson:<topic>`, a lesson page of this file; a leading `?` marks the part optional.
 */
export type PartKey = string;

export interface SeedEducation {
  /** Also the cover's name: media/edu-<key>.jpg. */
  key: string;
  category: CategoryKey;
  minutes: number;
  visibility: EducationVisibility;
  sequential?: boolean;
  /** 0: passive (retired; its old enrolments stay for the reports). */
  status?: 0 | 1;
  /** Days from the seed's day: [start, end]. */
  window?: [number, number];
  /** Days since it was added, for the few new ones ("newly added" on the home page); the rest are months old. */
  addedDaysAgo?: number;
  hashtags: HashtagKey[];
  /** Demo Holding's parts; Acme's when its library lacks one of them. */
  parts: PartKey[];
  acmeParts?: PartKey[];
  tr: EducationText;
  en: EducationText;
}

export const EDUCATIONS: SeedEducation[] = [
  {
    key: 'security-awareness',
    category: 'security',
    minutes: 35,
    visibility: 'catalogue',
    hashtags: ['security'],
    parts: ['lesson:security-awareness', 'security', '?policy'],
    tr: {
      title: 'Bilgi Güvenliği Farkındalığı',
      subTitle: 'Şirket bilgisini her gün koruyan küçük alışkanlıklar',
      descriptionTitle: 'Bu eğitimde neler öğreneceksiniz?',
      description: `<p>Bilgi güvenliği yalnızca Bilgi Teknolojileri ekibinin işi değildir: bir saldırının çoğu zaman ilk adımı dikkatsiz bir tıklama, kilitlenmeden bırakılan bir ekran ya da yanlış kişiye gönderilen bir dosyadır.</p>
<p>Bu eğitimde günlük işinizde karşılaşacağınız riskleri tanıyacak ve bunlara karşı alabileceğiniz basit önlemleri öğreneceksiniz:</p>
<ul>
<li>Bilgiyi gizlilik derecesine göre sınıflandırma</li>
<li>Güçlü parola ve çok faktörlü doğrulama</li>
<li>Şüpheli bir durumu doğru kanaldan bildirme</li>
</ul>`,
      lesson: {
        title: 'Bilgi güvenliğinin üç ilkesi',
        body: `<h2>Gizlilik, bütünlük, erişilebilirlik</h2>
<p>Koruduğumuz her bilgi için üç soru sorarız:</p>
<ul>
<li><strong>Gizlilik:</strong> Bu bilgiyi yalnızca görmesi gereken kişiler mi görüyor?</li>
<li><strong>Bütünlük:</strong> Bilgi izinsiz değiştirilmeden, doğru haliyle mi duruyor?</li>
<li><strong>Erişilebilirlik:</strong> İhtiyaç duyulduğunda yetkili kişiler bilgiye ulaşabiliyor mu?</li>
</ul>
<p>Masanızdan kalkarken ekranınızı kilitleyin (Windows + L), çıktıları yazıcıda bırakmayın ve şirket dosyalarını kişisel bulut hesaplarına yüklemeyin.</p>`,
      },
    },
    en: {
      title: 'Information Security Awareness',
      subTitle: 'Small daily habits that keep company information safe',
      descriptionTitle: 'What you will learn',
      description: `<p>Information security is not just the IT team's job: most attacks start with a careless click, an unlocked screen or a file sent to the wrong person.</p>
<p>In this course you will learn to recognise the risks you meet in everyday work and the simple steps that stop them:</p>
<ul>
<li>Classifying information by how sensitive it is</li>
<li>Strong passwords and multi-factor authentication</li>
<li>Reporting something suspicious through the right channel</li>
</ul>`,
      lesson: {
        title: 'The three principles of information security',
        body: `<h2>Confidentiality, integrity, availability</h2>
<p>For every piece of information we protect, we ask three questions:</p>
<ul>
<li><strong>Confidentiality:</strong> is it seen only by the people who need to see it?</li>
<li><strong>Integrity:</strong> is it accurate and unchanged by anyone without permission?</li>
<li><strong>Availability:</strong> can the right people reach it when they need it?</li>
</ul>
<p>Lock your screen when you leave your desk (Windows + L), collect your printouts straight away and never upload company files to a personal cloud account.</p>`,
      },
    },
  },
  {
    key: 'phishing',
    category: 'security',
    minutes: 20,
    visibility: 'catalogue',
    hashtags: ['security'],
    parts: ['lesson:phishing', 'security'],
    tr: {
      title: 'Oltalama (Phishing) Saldırıları',
      subTitle: 'Sahte e-postayı tıklamadan önce tanıyın',
      descriptionTitle: 'Neden bu eğitim?',
      description: `<p>Saldırıların büyük bölümü, tanıdık bir kurumdan geliyormuş gibi görünen bir e-posta ile başlar: kargo bildirimi, fatura, şifre sıfırlama ya da yöneticinizden acil bir rica.</p>
<p>Bu kısa eğitimde gerçek örnekler üzerinden oltalama e-postalarının ortak işaretlerini öğrenecek, şüphelendiğiniz bir mesajı nasıl bildireceğinizi göreceksiniz.</p>`,
      lesson: {
        title: 'Oltalama e-postasını tanımanın beş yolu',
        body: `<h2>Tıklamadan önce durun</h2>
<ol>
<li><strong>Gönderen adresi:</strong> Görünen ad tanıdık olsa da alan adı farklı olabilir (ör. demo-holding.co yerine dem0holding.com).</li>
<li><strong>Aciliyet:</strong> "Hesabınız 24 saat içinde kapatılacak" gibi baskı kuran ifadeler.</li>
<li><strong>Bağlantılar:</strong> Fareyi bağlantının üzerinde bekletin; gerçek adres alt köşede görünür.</li>
<li><strong>Ekler:</strong> Beklemediğiniz .zip, .html veya makrolu Office dosyalarını açmayın.</li>
<li><strong>Bilgi talebi:</strong> Şirketimiz şifrenizi e-posta ile asla sormaz.</li>
</ol>
<p>Şüpheli bir e-postayı Outlook'taki <strong>Oltalama Bildir</strong> düğmesiyle iletin ve silin.</p>`,
      },
    },
    en: {
      title: 'Phishing Attacks',
      subTitle: 'Spot a fake email before you click',
      descriptionTitle: 'Why this course?',
      description: `<p>Most attacks begin with an email that looks as if it came from someone you know: a delivery notice, an invoice, a password reset or an urgent request from your manager.</p>
<p>Using real examples, this short course shows the signs phishing emails have in common and how to report a message you are not sure about.</p>`,
      lesson: {
        title: 'Five ways to recognise a phishing email',
        body: `<h2>Stop before you click</h2>
<ol>
<li><strong>Sender address:</strong> the display name may be familiar while the domain is not (acme-corp.co instead of acme.com).</li>
<li><strong>Urgency:</strong> pressure such as "your account will be closed within 24 hours".</li>
<li><strong>Links:</strong> hover over a link; the real address appears in the corner.</li>
<li><strong>Attachments:</strong> do not open unexpected .zip, .html or macro-enabled Office files.</li>
<li><strong>Requests for details:</strong> we will never ask for your password by email.</li>
</ol>
<p>Forward a suspicious email with the <strong>Report Phishing</strong> button in Outlook, then delete it.</p>`,
      },
    },
  },
  {
    key: 'privacy',
    category: 'security',
    minutes: 40,
    visibility: 'assigned',
    hashtags: ['privacy', 'compliance'],
    parts: ['lesson:privacy', 'privacy', '?lesson:security-awareness'],
    acmeParts: ['lesson:privacy', 'policy'],
    tr: {
      title: 'KVKK ve Kişisel Verilerin Korunması',
      subTitle: '6698 sayılı Kanun kapsamında çalışan olarak sorumluluklarınız',
      descriptionTitle: 'Eğitimin kapsamı',
      description: `<p>Müşterilerimizin, çalışma arkadaşlarımızın ve iş ortaklarımızın kişisel verileri bize emanettir. 6698 sayılı Kişisel Verilerin Korunması Kanunu, bu verileri hangi amaçla, ne kadar süreyle ve kimlerle paylaşabileceğimizi belirler.</p>
<p>Bu eğitim tüm çalışanlarımız için zorunludur. Eğitimin sonunda:</p>
<ul>
<li>Kişisel veri ve özel nitelikli kişisel veri arasındaki farkı,</li>
<li>Aydınlatma yükümlülüğünü ve açık rızanın ne zaman gerektiğini,</li>
<li>Bir veri ihlalinde ilk 72 saatte yapılması gerekenleri</li>
</ul>
<p>öğrenmiş olacaksınız.</p>`,
      lesson: {
        title: 'KVKK’nın temel ilkeleri',
        body: `<h2>Kişisel veriyi işlerken</h2>
<ul>
<li>Hukuka ve dürüstlük kurallarına uygun olmalıdır.</li>
<li>Doğru ve gerektiğinde güncel olmalıdır.</li>
<li>Belirli, açık ve meşru amaçlar için işlenmelidir.</li>
<li>İşlendiği amaçla bağlantılı, sınırlı ve ölçülü olmalıdır.</li>
<li>İlgili mevzuatta öngörülen ya da amacın gerektirdiği süre kadar saklanmalıdır.</li>
</ul>
<p>Bir müşterinin kimlik fotokopisini e-posta ile istemeden önce, bu bilgiye gerçekten ihtiyacınız olup olmadığını sorun. Bir ihlalden şüphelendiğinizde hemen <a href="mailto:kvkk@demo.test">kvkk@demo.test</a> adresine yazın.</p>`,
      },
    },
    en: {
      title: 'Data Protection and Privacy (GDPR)',
      subTitle: 'Your responsibilities when you handle personal data',
      descriptionTitle: 'What the course covers',
      description: `<p>The personal data of our customers, colleagues and partners is entrusted to us. The General Data Protection Regulation sets out why we may use it, for how long and with whom we may share it.</p>
<p>This course is mandatory for everyone. By the end you will know:</p>
<ul>
<li>the difference between personal data and special category data,</li>
<li>when we must inform people and when we need their consent,</li>
<li>what has to happen in the first 72 hours after a data breach.</li>
</ul>`,
      lesson: {
        title: 'The principles of data protection',
        body: `<h2>When we process personal data, it must be</h2>
<ul>
<li>processed lawfully, fairly and transparently;</li>
<li>collected for specified, explicit and legitimate purposes;</li>
<li>adequate, relevant and limited to what is necessary;</li>
<li>accurate and kept up to date;</li>
<li>kept no longer than needed, and kept secure.</li>
</ul>
<p>Before you ask a customer for a copy of their ID, ask yourself whether you really need it. If you suspect a breach, write to <a href="mailto:privacy@acme.test">privacy@acme.test</a> straight away.</p>`,
      },
    },
  },
  {
    key: 'passwords',
    addedDaysAgo: 15,
    category: 'security',
    minutes: 15,
    visibility: 'catalogue',
    hashtags: ['security'],
    parts: ['lesson:passwords', 'security'],
    tr: {
      title: 'Güçlü Parola ve Çok Faktörlü Doğrulama',
      subTitle: 'Hesaplarınızı ele geçirilmeye karşı koruyun',
      descriptionTitle: 'Kısa ve pratik',
      description: `<p>Sızdırılan parolalar, şirket hesaplarına izinsiz girişlerin en yaygın nedenidir. Bu 15 dakikalık eğitimde akılda kalan ama tahmin edilemeyen parolalar oluşturmayı, parola yöneticisi kullanmayı ve çok faktörlü doğrulamayı telefonunuzda birkaç adımda açmayı öğreneceksiniz.</p>`,
      lesson: {
        title: 'İyi bir parolanın özellikleri',
        body: `<h2>Uzun, benzersiz, gizli</h2>
<ul>
<li>En az 12 karakter: "Mavi-Kedi-Sabah-Çayı-7" gibi bir parola cümlesi hem güçlü hem akılda kalıcıdır.</li>
<li>Her sistem için farklı parola; şirket parolanızı hiçbir kişisel sitede kullanmayın.</li>
<li>Parolalarınızı şirketin onayladığı parola yöneticisinde saklayın, not kâğıdında değil.</li>
<li>Çok faktörlü doğrulama isteğini siz başlatmadıysanız <strong>onaylamayın</strong> ve Bilgi Teknolojileri ekibine bildirin.</li>
</ul>`,
      },
    },
    en: {
      title: 'Strong Passwords and Multi-Factor Authentication',
      subTitle: 'Keep your accounts from being taken over',
      descriptionTitle: 'Short and practical',
      description: `<p>Leaked passwords are the most common way into company accounts. In fifteen minutes you will learn to create passwords that are easy to remember but hard to guess, to use a password manager, and to switch on multi-factor authentication on your phone in a few steps.</p>`,
      lesson: {
        title: 'What makes a good password',
        body: `<h2>Long, unique, secret</h2>
<ul>
<li>At least 12 characters: a passphrase such as "Blue-Cat-Morning-Tea-7" is strong and easy to remember.</li>
<li>A different password for every system; never reuse your work password on a personal site.</li>
<li>Keep passwords in the company's approved password manager, not on a sticky note.</li>
<li>If you did not start a multi-factor prompt, <strong>do not approve it</strong> and tell the IT team.</li>
</ul>`,
      },
    },
  },
  {
    key: 'safety-basics',
    category: 'safety',
    minutes: 60,
    visibility: 'assigned',
    sequential: true,
    hashtags: ['safety'],
    parts: ['lesson:safety-basics', 'safety', 'lesson:fire', '?handbook'],
    acmeParts: ['lesson:safety-basics', 'lesson:fire', '?lesson:ergonomics'],
    tr: {
      title: 'İş Sağlığı ve Güvenliği Temel Eğitimi',
      subTitle: '6331 sayılı Kanun kapsamında tüm çalışanlar için zorunlu temel eğitim',
      descriptionTitle: 'Eğitim hakkında',
      description: `<p>İş kazalarının çoğu önlenebilir. Bu eğitim, 6331 sayılı İş Sağlığı ve Güvenliği Kanunu’nun çalışanlara yüklediği hak ve sorumlulukları, iş yerimizdeki başlıca riskleri ve bu risklere karşı aldığımız önlemleri anlatır.</p>
<p>Bölümleri sırayla tamamlamanız gerekir: önce temel kavramlar, ardından etkileşimli ders ve kısa test, son olarak yangın ve acil durum bölümü.</p>`,
      lesson: {
        title: 'Tehlike, risk ve ramak kala: temel kavramlar',
        body: `<h2>Tehlike ve risk</h2>
<p><strong>Tehlike</strong>, zarar verme potansiyeli olan her şeydir (ıslak zemin, açık kablo). <strong>Risk</strong> ise bu tehlikenin gerçekleşme olasılığı ile doğuracağı sonucun birleşimidir.</p>
<ul>
<li>Kişisel koruyucu donanımınızı görev tanımınıza uygun şekilde kullanın.</li>
<li>Gördüğünüz her tehlikeyi, kazaya dönüşmeden <strong>ramak kala</strong> bildirimiyle iletin.</li>
<li>Çalışanların, ciddi ve yakın bir tehlike karşısında çalışmaktan kaçınma hakkı vardır.</li>
</ul>`,
      },
    },
    en: {
      title: 'Health and Safety Essentials',
      subTitle: 'The mandatory basics for everyone who works with us',
      descriptionTitle: 'About this course',
      description: `<p>Most accidents at work can be prevented. This course explains the rights and duties every employee has, the main hazards in our workplaces and the controls we use to keep them in check.</p>
<p>Take the parts in order: the key ideas first, then fire safety and emergencies, and finally an optional section on a healthy workstation.</p>`,
      lesson: {
        title: 'Key ideas in health and safety',
        body: `<h2>Hazard and risk</h2>
<p>A <strong>hazard</strong> is anything that can cause harm (a wet floor, a trailing cable). A <strong>risk</strong> is how likely that harm is, combined with how serious it would be.</p>
<ul>
<li>Wear the protective equipment your role requires, every time.</li>
<li>Report every hazard you see as a <strong>near miss</strong> before it turns into an accident.</li>
<li>You may stop work and leave when you face serious and imminent danger.</li>
</ul>`,
      },
    },
  },
  {
    key: 'fire',
    category: 'safety',
    minutes: 25,
    visibility: 'catalogue',
    window: [-20, 70],
    hashtags: ['safety'],
    parts: ['lesson:fire', 'safety'],
    acmeParts: ['lesson:fire', '?lesson:safety-basics'],
    tr: {
      title: 'Yangın Güvenliği ve Tahliye',
      subTitle: 'Yangını önleme, söndürücü kullanımı ve güvenli tahliye',
      descriptionTitle: 'Yıllık yangın tatbikatı öncesinde',
      description: `<p>Bu eğitim, bu yılki yangın tatbikatından önce tüm binalardaki çalışanlarımız için açıldı ve tatbikat dönemi boyunca erişime açık kalacak.</p>
<ul>
<li>Yangın üçgeni ve yangın sınıfları</li>
<li>Yangın söndürücüyü doğru kullanma: <strong>Pimi çek, hedefle, sık, süpür</strong></li>
<li>Tahliye yolları, toplanma alanı ve yangın ekiplerinin görevleri</li>
</ul>`,
      lesson: {
        title: 'Yangın anında ne yapmalı?',
        body: `<h2>Sakin kalın, alarmı verin</h2>
<ol>
<li>En yakın yangın ihbar butonuna basın ve 112’yi arayın.</li>
<li>Yangın küçükse ve kaçış yolunuz açıksa söndürücüyle müdahale edin.</li>
<li>Asansörü kullanmayın; merdivenlerden, duvara yakın ve eğilerek ilerleyin.</li>
<li>Toplanma alanında ekip liderinize görünün; yoklama bitmeden alandan ayrılmayın.</li>
</ol>
<p>Kapalı bir kapıyı açmadan önce elinizin tersiyle sıcaklığını kontrol edin.</p>`,
      },
    },
    en: {
      title: 'Fire Safety and Evacuation',
      subTitle: 'Preventing fires, using an extinguisher and getting out safely',
      descriptionTitle: 'Before this year’s fire drill',
      description: `<p>We opened this course for everyone in our buildings ahead of this year's fire drill; it stays available throughout the drill period.</p>
<ul>
<li>The fire triangle and classes of fire</li>
<li>Using an extinguisher correctly: <strong>Pull, Aim, Squeeze, Sweep</strong></li>
<li>Escape routes, the assembly point and what fire wardens do</li>
</ul>`,
      lesson: {
        title: 'What to do if there is a fire',
        body: `<h2>Stay calm and raise the alarm</h2>
<ol>
<li>Press the nearest fire alarm call point and call 911.</li>
<li>Only tackle a small fire, and only if your way out is clear.</li>
<li>Do not use the lifts; take the stairs, keeping low and close to the wall.</li>
<li>Report to your warden at the assembly point and stay until the roll call is done.</li>
</ol>
<p>Before opening a closed door, check it for heat with the back of your hand.</p>`,
      },
    },
  },
  {
    key: 'ergonomics',
    addedDaysAgo: 3,
    category: 'safety',
    minutes: 15,
    visibility: 'catalogue',
    hashtags: ['safety', 'remote'],
    parts: ['lesson:ergonomics', '?remote'],
    tr: {
      title: 'Ergonomi ve Ofiste Sağlıklı Çalışma',
      subTitle: 'Bel, boyun ve göz sağlığınız için çalışma alanınızı düzenleyin',
      descriptionTitle: 'Günde birkaç dakika, yıllarca sağlık',
      description: `<p>Ekran başında geçen uzun saatler zamanla bel, boyun ve bilek ağrılarına yol açabilir. Bu kısa eğitimde masa, sandalye ve ekran ayarlarınızı birkaç dakikada nasıl düzelteceğinizi, gün içinde hangi esneme hareketlerini yapabileceğinizi öğreneceksiniz.</p>`,
      lesson: {
        title: 'Çalışma alanınızı beş adımda ayarlayın',
        body: `<h2>Doğru oturuş</h2>
<ul>
<li>Ekranın üst kenarı göz hizasında ya da biraz altında, kol boyu uzaklıkta olsun.</li>
<li>Dirsekleriniz 90 derece açıyla masaya yakın dursun, omuzlarınız gevşek olsun.</li>
<li>Ayaklarınız yere ya da ayak desteğine tam bassın.</li>
<li>20-20-20 kuralı: her 20 dakikada bir, 20 saniye boyunca 6 metre uzağa bakın.</li>
<li>Saatte bir kalkıp birkaç dakika yürüyün.</li>
</ul>`,
      },
    },
    en: {
      title: 'Ergonomics and a Healthy Workstation',
      subTitle: 'Set up your desk for your back, neck and eyes',
      descriptionTitle: 'A few minutes a day, years of health',
      description: `<p>Long hours at a screen can lead to back, neck and wrist pain over time. This short course shows how to adjust your desk, chair and screen in a few minutes, and which stretches you can do during the day.</p>`,
      lesson: {
        title: 'Set up your workstation in five steps',
        body: `<h2>Sitting well</h2>
<ul>
<li>The top of the screen at or slightly below eye level, an arm's length away.</li>
<li>Elbows at 90 degrees close to the desk, shoulders relaxed.</li>
<li>Feet flat on the floor or on a footrest.</li>
<li>The 20-20-20 rule: every 20 minutes, look 20 feet away for 20 seconds.</li>
<li>Stand up and walk for a few minutes every hour.</li>
</ul>`,
      },
    },
  },
  {
    key: 'ethics',
    category: 'compliance',
    minutes: 30,
    visibility: 'assigned',
    hashtags: ['compliance'],
    parts: ['lesson:ethics', 'policy', '?handbook'],
    acmeParts: ['lesson:ethics', 'policy'],
    tr: {
      title: 'Etik ve Uyum',
      subTitle: 'Etik Davranış Kurallarımız ve günlük iş hayatında doğru karar',
      descriptionTitle: 'Doğru olanı yapmak',
      description: `<p>Etik Davranış Kurallarımız, müşterilerimize, çalışma arkadaşlarımıza ve topluma karşı nasıl davrandığımızı tarif eder. Kurallar her durumu öngöremez; bu eğitim, emin olmadığınız anlarda doğru kararı vermenize yardımcı olacak soruları öğretir.</p>
<ul>
<li>Çıkar çatışmasını tanıma ve beyan etme</li>
<li>Hediye ve ağırlama kuralları</li>
<li>Etik Hattı’na gizli ve misillemesiz bildirim</li>
</ul>`,
      lesson: {
        title: 'Karar vermeden önce dört soru',
        body: `<h2>Emin değilseniz sorun</h2>
<ol>
<li>Yasal mı ve şirket politikalarına uygun mu?</li>
<li>Yarın gazetede okunsa rahatsız olur muyum?</li>
<li>Müşterilerimize ve çalışma arkadaşlarıma adil mi?</li>
<li>Yöneticime ya da Uyum ekibine rahatlıkla anlatabilir miyim?</li>
</ol>
<p>Sorulardan birine "hayır" ya da "emin değilim" diyorsanız durun ve Etik Hattı’na (<a href="mailto:etik@demo.test">etik@demo.test</a>) danışın.</p>`,
      },
    },
    en: {
      title: 'Ethics and Compliance',
      subTitle: 'Our Code of Conduct and making the right call at work',
      descriptionTitle: 'Doing the right thing',
      description: `<p>Our Code of Conduct describes how we treat our customers, our colleagues and the communities we work in. No code can foresee every situation; this course teaches the questions that help you decide when you are unsure.</p>
<ul>
<li>Recognising and declaring a conflict of interest</li>
<li>Rules on gifts and hospitality</li>
<li>Speaking up through the Ethics Line, confidentially and without retaliation</li>
</ul>`,
      lesson: {
        title: 'Four questions before you decide',
        body: `<h2>If in doubt, ask</h2>
<ol>
<li>Is it legal and in line with our policies?</li>
<li>Would I be comfortable reading about it in tomorrow's news?</li>
<li>Is it fair to our customers and colleagues?</li>
<li>Could I explain it easily to my manager or the Compliance team?</li>
</ol>
<p>If any answer is "no" or "not sure", stop and contact the Ethics Line (<a href="mailto:ethics@acme.test">ethics@acme.test</a>).</p>`,
      },
    },
  },
  {
    key: 'anti-bribery',
    category: 'compliance',
    minutes: 25,
    visibility: 'catalogue',
    hashtags: ['compliance'],
    parts: ['lesson:anti-bribery', 'policy'],
    tr: {
      title: 'Rüşvet ve Yolsuzlukla Mücadele',
      subTitle: 'Hediye, ağırlama ve kolaylaştırma ödemelerinde sınırlar',
      descriptionTitle: 'Sıfır tolerans',
      description: `<p>Şirketimiz rüşvetin ve yolsuzluğun hiçbir biçimine, hangi ülkede olursa olsun izin vermez. Bu eğitim, özellikle kamu kurumları, tedarikçiler ve iş ortaklarıyla çalışan ekiplerimiz için hazırlandı.</p>
<p>Gerçek hayattan örnek olaylarla, kabul edilebilir bir jest ile rüşvet arasındaki çizgiyi ve şüpheli bir talep karşısında ne yapmanız gerektiğini göreceksiniz.</p>`,
      lesson: {
        title: 'Hediye ve ağırlamada altın kurallar',
        body: `<h2>Kabul etmeden önce</h2>
<ul>
<li>Değeri 1.500 TL’yi aşan hediyeleri kabul etmeyin; aşanları Uyum ekibine beyan edin.</li>
<li>Nakit ya da nakde çevrilebilir hediye (hediye çeki, kripto para) hiçbir koşulda kabul edilmez.</li>
<li>Devam eden bir ihale ya da sözleşme görüşmesi sırasında hediye almayın, vermeyin.</li>
<li>Kamu görevlilerine yapılacak her türlü ağırlama önceden onay gerektirir.</li>
</ul>`,
      },
    },
    en: {
      title: 'Anti-Bribery and Corruption',
      subTitle: 'Where the line is on gifts, hospitality and facilitation payments',
      descriptionTitle: 'Zero tolerance',
      description: `<p>We do not tolerate bribery or corruption in any form, in any country. This course was written for the teams who work with public officials, suppliers and business partners.</p>
<p>Through real cases you will see where a reasonable courtesy ends and a bribe begins, and what to do when someone asks for something that does not feel right.</p>`,
      lesson: {
        title: 'Golden rules on gifts and hospitality',
        body: `<h2>Before you accept</h2>
<ul>
<li>Do not accept gifts worth more than $100; declare anything above that to Compliance.</li>
<li>Never accept cash or cash equivalents (gift cards, cryptocurrency).</li>
<li>Do not give or receive gifts while a tender or contract negotiation is under way.</li>
<li>Any hospitality for a public official needs approval in advance.</li>
</ul>`,
      },
    },
  },
  {
    key: 'diversity',
    addedDaysAgo: 8,
    category: 'compliance',
    minutes: 30,
    visibility: 'catalogue',
    hashtags: ['compliance', 'communication'],
    parts: ['lesson:diversity', '?policy'],
    tr: {
      title: 'Çeşitlilik ve Kapsayıcılık',
      subTitle: 'Farklılıkların güç olduğu bir çalışma ortamı',
      descriptionTitle: 'Herkesin kendini ait hissettiği bir ekip',
      description: `<p>Farklı geçmişlerden, yaşlardan ve bakış açılarından gelen ekipler daha iyi kararlar alır. Ancak çeşitlilik tek başına yetmez: herkesin sesini duyurabildiği, kapsayıcı bir ortam gerekir.</p>
<p>Bu eğitimde bilinçdışı önyargıları tanımayı, toplantılarda ve işe alımda kapsayıcı davranmayı ve ayrımcı bir davranış karşısında neler yapabileceğinizi öğreneceksiniz.</p>`,
      lesson: {
        title: 'Bilinçdışı önyargıyı fark etmek',
        body: `<h2>Hepimizin önyargıları var</h2>
<p>Beynimiz hızlı karar vermek için kestirmeler kullanır; bu kestirmeler bazen insanları haksız yere değerlendirmemize yol açar.</p>
<ul>
<li><strong>Benzerlik önyargısı:</strong> Bize benzeyenleri daha yetkin bulmak.</li>
<li><strong>Hale etkisi:</strong> Tek bir olumlu özelliğe bakarak kişiyi her konuda başarılı saymak.</li>
<li><strong>Toplantılarda:</strong> Söz almayanlara görüşlerini sorun, sözü kesilen kişiye sözü geri verin.</li>
</ul>`,
      },
    },
    en: {
      title: 'Diversity and Inclusion',
      subTitle: 'A workplace where differences are a strength',
      descriptionTitle: 'A team where everyone belongs',
      description: `<p>Teams with different backgrounds, ages and points of view make better decisions. Diversity alone is not enough, though: it takes an inclusive workplace where everyone can be heard.</p>
<p>In this course you will learn to recognise unconscious bias, to be inclusive in meetings and hiring, and what you can do when you witness discrimination.</p>`,
      lesson: {
        title: 'Noticing unconscious bias',
        body: `<h2>We all have biases</h2>
<p>Our brains take shortcuts to decide quickly; sometimes those shortcuts make us judge people unfairly.</p>
<ul>
<li><strong>Affinity bias:</strong> rating people who are like us as more capable.</li>
<li><strong>Halo effect:</strong> assuming someone is good at everything because of one strength.</li>
<li><strong>In meetings:</strong> invite quieter people to speak and hand the floor back to anyone who was interrupted.</li>
</ul>`,
      },
    },
  },
  {
    key: 'sales',
    category: 'sales',
    minutes: 45,
    visibility: 'catalogue',
    hashtags: ['sales'],
    parts: ['lesson:sales', 'service'],
    tr: {
      title: 'Satış Teknikleri',
      subTitle: 'İhtiyacı keşfetmekten satışı kapatmaya danışmanlık odaklı satış',
      descriptionTitle: 'Satışta danışman olmak',
      description: `<p>Bugünün müşterisi ürünü bizden önce araştırıyor. Fark yaratan, ürünü anlatmak değil, müşterinin gerçek ihtiyacını ortaya çıkarıp ona en uygun çözümü sunmaktır.</p>
<ul>
<li>Açık uçlu sorularla ihtiyaç analizi</li>
<li>Özellik değil fayda anlatmak</li>
<li>Doğru zamanda ve doğru sözlerle satışı kapatmak</li>
</ul>`,
      lesson: {
        title: 'Satış görüşmesinin beş adımı',
        body: `<h2>Hazırlıktan takibe</h2>
<ol>
<li><strong>Hazırlık:</strong> Müşterinin sektörünü, önceki siparişlerini ve karar vericileri öğrenin.</li>
<li><strong>Açılış:</strong> Görüşmenin amacını ve süresini baştan netleştirin.</li>
<li><strong>İhtiyaç analizi:</strong> "Şu an en çok neyi zorlayıcı buluyorsunuz?" gibi açık uçlu sorular sorun.</li>
<li><strong>Sunum:</strong> Her özelliği müşterinin söylediği bir ihtiyaca bağlayın.</li>
<li><strong>Kapanış ve takip:</strong> Bir sonraki adımı tarihiyle birlikte kararlaştırın.</li>
</ol>`,
      },
    },
    en: {
      title: 'Sales Techniques',
      subTitle: 'Consultative selling, from discovering needs to closing the deal',
      descriptionTitle: 'Selling as an adviser',
      description: `<p>Today's customers research a product before they ever talk to us. What makes the difference is not describing the product but uncovering the customer's real need and offering the solution that fits it.</p>
<ul>
<li>Needs analysis with open questions</li>
<li>Talking about benefits, not features</li>
<li>Closing at the right moment, with the right words</li>
</ul>`,
      lesson: {
        title: 'The five steps of a sales conversation',
        body: `<h2>From preparation to follow-up</h2>
<ol>
<li><strong>Prepare:</strong> learn the customer's industry, past orders and decision makers.</li>
<li><strong>Open:</strong> agree the purpose and length of the meeting up front.</li>
<li><strong>Discover:</strong> ask open questions such as "What is hardest for you right now?"</li>
<li><strong>Present:</strong> link every feature to a need the customer told you about.</li>
<li><strong>Close and follow up:</strong> agree the next step and its date.</li>
</ol>`,
      },
    },
  },
  {
    key: 'customer-experience',
    category: 'sales',
    minutes: 40,
    visibility: 'catalogue',
    hashtags: ['sales', 'communication'],
    parts: ['lesson:customer-experience', 'service', '?lesson:communication'],
    tr: {
      title: 'Müşteri Deneyimi',
      subTitle: 'Her temas noktasında müşteriyi memnun eden ekip olmak',
      descriptionTitle: 'Müşteriyi dinlemek',
      description: `<p>Müşteri bizi tek bir görüşmeyle değil, mağazada, telefonda, e-postada ve sosyal medyada yaşadığı tüm deneyimlerle değerlendirir. Olumsuz bir deneyimi iyi yönetmek, çoğu zaman müşteriyi hiç sorun yaşamamış olmasından daha sadık yapar.</p>
<p>Bu eğitimde empatiyle dinlemeyi, şikâyeti çözüm fırsatına çevirmeyi ve Net Tavsiye Skoru’nu (NPS) ekipçe nasıl yükselteceğimizi ele alıyoruz.</p>`,
      lesson: {
        title: 'Şikâyeti çözüme çevirmek',
        body: `<h2>DÖÇT yöntemi</h2>
<ul>
<li><strong>Dinleyin:</strong> Sözünü kesmeden, not alarak dinleyin.</li>
<li><strong>Özür dileyin:</strong> Yaşanan deneyim için içtenlikle özür dileyin; suçlu aramayın.</li>
<li><strong>Çözün:</strong> Yapabileceğiniz somut adımı ve süresini söyleyin.</li>
<li><strong>Takip edin:</strong> Söz verdiğiniz gün arayın ve sorunun çözüldüğünü doğrulayın.</li>
</ul>`,
      },
    },
    en: {
      title: 'Customer Experience',
      subTitle: 'Delighting customers at every touchpoint',
      descriptionTitle: 'Listening to customers',
      description: `<p>Customers do not judge us on a single call but on everything they experience in the store, on the phone, by email and on social media. Handling a bad experience well often makes a customer more loyal than if nothing had gone wrong.</p>
<p>This course covers listening with empathy, turning a complaint into a chance to help, and how we raise our Net Promoter Score together.</p>`,
      lesson: {
        title: 'Turning a complaint into a solution',
        body: `<h2>The LAST method</h2>
<ul>
<li><strong>Listen</strong> without interrupting, and take notes.</li>
<li><strong>Apologise</strong> sincerely for the experience; do not look for someone to blame.</li>
<li><strong>Solve:</strong> say what you will do and by when.</li>
<li><strong>Thank</strong> the customer, then call back on the day you promised to confirm it is fixed.</li>
</ul>`,
      },
    },
  },
  {
    key: 'negotiation',
    category: 'sales',
    minutes: 50,
    visibility: 'catalogue',
    window: [-45, 45],
    hashtags: ['sales', 'communication'],
    parts: ['lesson:negotiation', '?service'],
    tr: {
      title: 'Müzakere Becerileri',
      subTitle: 'Kazan-kazan anlaşmalar için hazırlık ve taktikler',
      descriptionTitle: 'Bu çeyrekte satış ekipleri için',
      description: `<p>Fiyat baskısı arttıkça müzakere, satış ve satın alma ekiplerinin en kritik becerisi haline geliyor. Bu eğitim bu çeyreğin satış dönemi boyunca açık.</p>
<ul>
<li>En iyi alternatifinizi (BATNA) belirlemek</li>
<li>Pozisyon değil çıkar üzerine konuşmak</li>
<li>Taviz verirken karşılık istemek</li>
</ul>`,
      lesson: {
        title: 'Müzakereye hazırlık kontrol listesi',
        body: `<h2>Masaya oturmadan önce</h2>
<ul>
<li>Hedefinizi, kabul edilebilir alt sınırınızı ve BATNA’nızı yazın.</li>
<li>Karşı tarafın neye ihtiyaç duyduğunu ve hangi baskılar altında olduğunu düşünün.</li>
<li>Fiyat dışında pazarlık edilebilecek değişkenleri listeleyin: vade, teslim süresi, hacim, hizmet.</li>
<li>Vereceğiniz her taviz için karşılığında ne isteyeceğinizi önceden belirleyin.</li>
</ul>`,
      },
    },
    en: {
      title: 'Negotiation Skills',
      subTitle: 'Preparation and tactics for win-win agreements',
      descriptionTitle: 'For the sales teams this quarter',
      description: `<p>As price pressure grows, negotiation has become the most important skill for sales and purchasing teams. This course is open throughout this quarter's sales period.</p>
<ul>
<li>Knowing your best alternative (BATNA)</li>
<li>Talking about interests, not positions</li>
<li>Asking for something in return for every concession</li>
</ul>`,
      lesson: {
        title: 'Negotiation preparation checklist',
        body: `<h2>Before you sit down</h2>
<ul>
<li>Write down your target, your walk-away point and your BATNA.</li>
<li>Think about what the other side needs and what pressure they are under.</li>
<li>List what can be traded besides price: payment terms, lead time, volume, service.</li>
<li>Decide in advance what you will ask for in return for each concession.</li>
</ul>`,
      },
    },
  },
  {
    key: 'leadership',
    category: 'leadership',
    minutes: 90,
    visibility: 'catalogue',
    hashtags: ['leadership'],
    parts: ['lesson:leadership', 'lesson:feedback', '?handbook'],
    acmeParts: ['lesson:leadership', 'lesson:feedback', '?policy'],
    tr: {
      title: 'Liderlik ve Koçluk',
      subTitle: 'Ekibinizi geliştiren, koç gibi davranan bir yönetici olun',
      descriptionTitle: 'Yöneticiden lidere',
      description: `<p>İyi bir lider, işi kendisi yapmak yerine ekibinin işi en iyi şekilde yapmasını sağlar. Bu eğitim yeni ve deneyimli yöneticilerimiz için hazırlandı.</p>
<p>Durumsal liderlik modeliyle her çalışanın ihtiyacına göre nasıl yönlendireceğinizi, GROW modeliyle koçluk görüşmelerini nasıl yürüteceğinizi ve etkili geri bildirim vermeyi öğreneceksiniz.</p>`,
      lesson: {
        title: 'GROW modeliyle koçluk görüşmesi',
        body: `<h2>Cevabı vermek yerine soru sorun</h2>
<ul>
<li><strong>Hedef (Goal):</strong> "Bu görüşmenin sonunda neyi netleştirmiş olmak istersin?"</li>
<li><strong>Gerçeklik (Reality):</strong> "Şu an durum ne? Neler denedin?"</li>
<li><strong>Seçenekler (Options):</strong> "Başka neler yapabilirsin? Hiç engel olmasaydı ne yapardın?"</li>
<li><strong>İrade (Will):</strong> "İlk adımın ne olacak ve ne zaman atacaksın?"</li>
</ul>`,
      },
    },
    en: {
      title: 'Leadership and Coaching',
      subTitle: 'Be a manager who grows the team and leads like a coach',
      descriptionTitle: 'From manager to leader',
      description: `<p>A good leader does not do the work alone but helps the team do its best work. This course is for new and experienced managers alike.</p>
<p>You will learn to adapt your style to each person with situational leadership, to run coaching conversations with the GROW model and to give feedback that helps.</p>`,
      lesson: {
        title: 'A coaching conversation with GROW',
        body: `<h2>Ask instead of answering</h2>
<ul>
<li><strong>Goal:</strong> "What would you like to be clear about by the end of this conversation?"</li>
<li><strong>Reality:</strong> "Where are things now? What have you tried?"</li>
<li><strong>Options:</strong> "What else could you do? What would you do if nothing stood in the way?"</li>
<li><strong>Will:</strong> "What is your first step, and when will you take it?"</li>
</ul>`,
      },
    },
  },
  {
    key: 'feedback',
    category: 'leadership',
    minutes: 30,
    visibility: 'catalogue',
    hashtags: ['leadership', 'communication'],
    parts: ['lesson:feedback', '?lesson:communication'],
    tr: {
      title: 'Geri Bildirim Verme ve Alma',
      subTitle: 'Gelişimi destekleyen, ilişkiyi güçlendiren geri bildirim',
      descriptionTitle: 'Geri bildirim bir armağandır',
      description: `<p>Zamanında ve doğru verilen geri bildirim, çalışanların en çok değer verdiği yönetici davranışlarından biridir. Yine de çoğumuz zor bir geri bildirimi ertelemeyi tercih ederiz.</p>
<p>Bu eğitimde Durum–Davranış–Etki (DDE) modeliyle somut geri bildirim vermeyi ve eleştiriyi savunmaya geçmeden dinlemeyi çalışacaksınız.</p>`,
      lesson: {
        title: 'Durum–Davranış–Etki modeli',
        body: `<h2>Somut, kısa, zamanında</h2>
<ul>
<li><strong>Durum:</strong> "Dünkü müşteri sunumunda…"</li>
<li><strong>Davranış:</strong> "…müşterinin sorusunu bitirmeden yanıtlamaya başladın…"</li>
<li><strong>Etki:</strong> "…müşteri asıl kaygısını anlatma fırsatı bulamadı."</li>
</ul>
<p>Ardından sorun: "Sen nasıl gördün?" Geri bildirim alırken de önce teşekkür edin, sonra anlamak için soru sorun.</p>`,
      },
    },
    en: {
      title: 'Giving and Receiving Feedback',
      subTitle: 'Feedback that helps people grow and builds trust',
      descriptionTitle: 'Feedback is a gift',
      description: `<p>Timely, well-given feedback is one of the things people value most in a manager, and yet most of us put off a difficult conversation.</p>
<p>In this course you will practise giving specific feedback with the Situation–Behaviour–Impact model and listening to criticism without getting defensive.</p>`,
      lesson: {
        title: 'The Situation–Behaviour–Impact model',
        body: `<h2>Specific, short, timely</h2>
<ul>
<li><strong>Situation:</strong> "In yesterday's customer presentation…"</li>
<li><strong>Behaviour:</strong> "…you started answering before the customer had finished the question…"</li>
<li><strong>Impact:</strong> "…and they never got to explain their real concern."</li>
</ul>
<p>Then ask: "How did you see it?" When you receive feedback, thank the person first, then ask questions to understand.</p>`,
      },
    },
  },
  {
    key: 'communication',
    category: 'growth',
    minutes: 35,
    visibility: 'catalogue',
    hashtags: ['communication'],
    parts: ['lesson:communication', '?remote'],
    tr: {
      title: 'Etkili İletişim',
      subTitle: 'Açık, saygılı ve sonuç odaklı iletişim',
      descriptionTitle: 'Ne söylediğimiz kadar nasıl söylediğimiz',
      description: `<p>Yanlış anlaşılan bir e-posta, dağınık bir toplantı ya da söylenmemiş bir beklenti, ekiplerin en çok zaman kaybettiği yerlerdir.</p>
<ul>
<li>Aktif dinleme ve doğru soru sorma</li>
<li>Kısa ve anlaşılır e-posta yazma</li>
<li>Zor konuşmalarda "ben dili" kullanma</li>
</ul>`,
      lesson: {
        title: 'Aktif dinlemenin dört adımı',
        body: `<h2>Anlamak için dinleyin</h2>
<ol>
<li>Telefonu bırakın, göz teması kurun.</li>
<li>Sözü kesmeyin; karşınızdakinin cümlesini tamamlamaya çalışmayın.</li>
<li>Anladığınızı kendi sözlerinizle özetleyin: "Yani senin için en önemlisi…"</li>
<li>Açık uçlu sorularla derinleşin: "Bunu biraz daha anlatır mısın?"</li>
</ol>`,
      },
    },
    en: {
      title: 'Effective Communication',
      subTitle: 'Clear, respectful and focused on results',
      descriptionTitle: 'How we say it matters as much as what we say',
      description: `<p>A misread email, a rambling meeting or an expectation nobody spelled out: this is where teams lose most of their time.</p>
<ul>
<li>Active listening and asking the right questions</li>
<li>Writing short, clear emails</li>
<li>Using "I" statements in difficult conversations</li>
</ul>`,
      lesson: {
        title: 'Four steps of active listening',
        body: `<h2>Listen to understand</h2>
<ol>
<li>Put your phone away and make eye contact.</li>
<li>Do not interrupt or finish the other person's sentences.</li>
<li>Sum up what you heard in your own words: "So what matters most to you is…"</li>
<li>Go deeper with open questions: "Can you tell me more about that?"</li>
</ol>`,
      },
    },
  },
  {
    key: 'time',
    category: 'growth',
    minutes: 25,
    visibility: 'catalogue',
    hashtags: ['remote'],
    parts: ['lesson:time', '?remote'],
    tr: {
      title: 'Zaman Yönetimi',
      subTitle: 'Önceliklendirme, odaklanma ve verimli toplantılar',
      descriptionTitle: 'Daha çok değil, daha akıllıca çalışın',
      description: `<p>Gün içinde sürekli gelen e-postalar, mesajlar ve toplantılar arasında asıl önemli işlere zaman ayırmak giderek zorlaşıyor.</p>
<p>Bu eğitimde Eisenhower matrisiyle önceliklendirmeyi, takviminizde odak blokları oluşturmayı ve toplantı sayısını azaltmanın pratik yollarını öğreneceksiniz.</p>`,
      lesson: {
        title: 'Eisenhower matrisi',
        body: `<h2>Acil mi, önemli mi?</h2>
<ul>
<li><strong>Acil ve önemli:</strong> Hemen yapın (ör. müşterinin bugün bekleyen teklifi).</li>
<li><strong>Önemli ama acil değil:</strong> Takviminize zaman ayırın (ör. gelişim planı, süreç iyileştirme).</li>
<li><strong>Acil ama önemli değil:</strong> Devredin ya da sınırlayın (ör. pek çok rutin talep).</li>
<li><strong>Ne acil ne önemli:</strong> Bırakın.</li>
</ul>
<p>Her sabah güne başlamadan önce üç önemli işinizi yazın.</p>`,
      },
    },
    en: {
      title: 'Time Management',
      subTitle: 'Prioritising, staying focused and running efficient meetings',
      descriptionTitle: 'Work smarter, not longer',
      description: `<p>With emails, chats and meetings arriving all day, making time for the work that really matters keeps getting harder.</p>
<p>In this course you will learn to prioritise with the Eisenhower matrix, to block focus time in your calendar and practical ways to cut down on meetings.</p>`,
      lesson: {
        title: 'The Eisenhower matrix',
        body: `<h2>Urgent or important?</h2>
<ul>
<li><strong>Urgent and important:</strong> do it now (a proposal the customer needs today).</li>
<li><strong>Important, not urgent:</strong> schedule it (your development plan, improving a process).</li>
<li><strong>Urgent, not important:</strong> delegate or limit it (many routine requests).</li>
<li><strong>Neither:</strong> drop it.</li>
</ul>
<p>Each morning, write down your three most important tasks before you start.</p>`,
      },
    },
  },
  {
    key: 'remote',
    category: 'growth',
    minutes: 20,
    visibility: 'catalogue',
    hashtags: ['remote', 'security'],
    parts: ['lesson:remote', 'remote', '?security'],
    tr: {
      title: 'Uzaktan ve Hibrit Çalışma',
      subTitle: 'Evden ve ofisten aynı verimle çalışmanın kuralları',
      descriptionTitle: 'Hibrit çalışma düzenimiz',
      description: `<p>Haftanın iki günü ofisten, üç günü uzaktan çalışıyoruz. Bu düzenin herkes için işlemesi, birkaç ortak kurala uymamıza bağlı.</p>
<ul>
<li>Ulaşılabilirlik ve takvim düzeni</li>
<li>Evden güvenli çalışma: VPN, ekran kilidi, ortak ağlar</li>
<li>Uzaktaki çalışma arkadaşlarıyla bağ kurmak</li>
</ul>`,
      lesson: {
        title: 'Hibrit ekiplerde iş birliği',
        body: `<h2>Ofiste olmayanı unutmayın</h2>
<ul>
<li>Toplantıya bir kişi bile uzaktan katılıyorsa herkes kendi bilgisayarından bağlansın.</li>
<li>Kararları yazılı paylaşın; koridorda alınan karar, ekibin yarısına ulaşmaz.</li>
<li>Anlık mesajlaşmada hemen cevap beklemeyin; acil konular için arayın.</li>
<li>Haftada bir kez kameralar açık, iş dışı konuların konuşulduğu kısa bir buluşma yapın.</li>
</ul>`,
      },
    },
    en: {
      title: 'Remote and Hybrid Working',
      subTitle: 'Working just as well from home as from the office',
      descriptionTitle: 'How we work hybrid',
      description: `<p>We spend two days a week in the office and three working remotely. Making that work for everyone depends on a few shared rules.</p>
<ul>
<li>Being reachable and keeping your calendar tidy</li>
<li>Working securely from home: VPN, screen lock, public networks</li>
<li>Staying connected with colleagues you rarely see</li>
</ul>`,
      lesson: {
        title: 'Collaborating in a hybrid team',
        body: `<h2>Remember who is not in the room</h2>
<ul>
<li>If even one person joins remotely, everyone joins from their own laptop.</li>
<li>Share decisions in writing; a decision made in the corridor never reaches half the team.</li>
<li>Do not expect instant replies on chat; call when it is urgent.</li>
<li>Once a week, hold a short cameras-on catch-up that is not about work.</li>
</ul>`,
      },
    },
  },
  {
    key: 'welcome',
    category: 'growth',
    minutes: 45,
    visibility: 'assigned',
    sequential: true,
    hashtags: ['onboarding'],
    parts: ['onboarding', 'lesson:welcome', 'handbook'],
    acmeParts: ['lesson:welcome', 'policy', 'remote'],
    tr: {
      title: 'Demo Holding’e Hoş Geldiniz',
      subTitle: 'İlk haftanızda bilmeniz gereken her şey',
      descriptionTitle: 'Aramıza hoş geldiniz!',
      description: `<p>Bu eğitim ilk gününüzden itibaren işinize rahatça başlamanız için hazırlandı. Platformu tanıyacak, şirketimizin değerlerini ve çalışma düzenini öğrenecek, çalışan el kitabına göz atacaksınız.</p>
<p>Bölümleri sırayla tamamlayın; sorularınız için yöneticinize ya da İnsan Kaynakları ekibine ulaşabilirsiniz.</p>`,
      lesson: {
        title: 'Değerlerimiz ve ilk haftanız',
        body: `<h2>Değerlerimiz</h2>
<ul>
<li><strong>Müşteri önce:</strong> Her kararda müşterimizin yararını düşünürüz.</li>
<li><strong>Dürüstlük:</strong> Söylediğimizi yapar, hatalarımızı açıkça konuşuruz.</li>
<li><strong>Birlikte başarı:</strong> Bilgiyi paylaşır, birbirimize destek oluruz.</li>
</ul>
<h2>İlk haftanızın kontrol listesi</h2>
<ul>
<li>Bilgisayarınızı ve e-posta hesabınızı teslim alın, parolanızı değiştirin.</li>
<li>Yöneticinizle ilk 90 gününüzün hedeflerini konuşun.</li>
<li>Size atanan zorunlu eğitimleri Eğitimlerim sayfasından takip edin.</li>
</ul>`,
      },
    },
    en: {
      title: 'Welcome to Acme',
      subTitle: 'Everything you need to know in your first week',
      descriptionTitle: 'Welcome aboard!',
      description: `<p>This course helps you settle in from your very first day. You will learn our values and how we work, read our Code of Conduct and see how remote work is organised.</p>
<p>Take the parts in order; your manager and the People team are happy to answer any questions.</p>`,
      lesson: {
        title: 'Our values and your first week',
        body: `<h2>Our values</h2>
<ul>
<li><strong>Customers first:</strong> we weigh every decision by what it does for our customers.</li>
<li><strong>Integrity:</strong> we do what we say and talk openly about our mistakes.</li>
<li><strong>Win together:</strong> we share what we know and back each other up.</li>
</ul>
<h2>Your first-week checklist</h2>
<ul>
<li>Collect your laptop and accounts, and change your password.</li>
<li>Agree your 90-day goals with your manager.</li>
<li>Follow your mandatory courses on the My Learning page.</li>
</ul>`,
      },
    },
  },
  {
    key: 'expenses',
    category: 'growth',
    minutes: 20,
    visibility: 'assigned',
    status: 0,
    hashtags: [],
    parts: ['lesson:expenses', '?handbook'],
    acmeParts: ['lesson:expenses', '?policy'],
    tr: {
      title: 'Masraf Yönetimi (eski sistem)',
      subTitle: 'Yeni masraf uygulamasına geçilmeden önceki süreç',
      descriptionTitle: 'Kullanımdan kaldırıldı',
      description: `<p>Bu eğitim, masraf bildirimlerinin eski form üzerinden yapıldığı dönem için hazırlanmıştı. Yeni masraf uygulamasına geçtiğimiz için yeni katılımlara kapatıldı; önceki tamamlamalar raporlarda görünmeye devam eder.</p>`,
      lesson: {
        title: 'Eski masraf formunun doldurulması',
        body: `<h2>Masraf bildirimi</h2>
<ul>
<li>Fişleri ay sonuna kadar formla birlikte Finans ekibine iletin.</li>
<li>Yemek ve ulaşım masraflarını ayrı satırlara yazın.</li>
<li>Yöneticinizin imzası olmayan formlar işleme alınmaz.</li>
</ul>`,
      },
    },
    en: {
      title: 'Expense Claims (old system)',
      subTitle: 'How claims worked before the new expenses app',
      descriptionTitle: 'Retired',
      description: `<p>This course covered expense claims on the old paper form. Now that we use the new expenses app it is closed to new learners; past completions still show in the reports.</p>`,
      lesson: {
        title: 'Filling in the old expense form',
        body: `<h2>Claiming expenses</h2>
<ul>
<li>Send your receipts to Finance with the form by the end of the month.</li>
<li>Put meals and travel on separate lines.</li>
<li>Forms without your manager's signature are not processed.</li>
</ul>`,
      },
    },
  },
];

export interface SeedProgram {
  /** Also the cover's name: media/program-<key>.jpg. */
  key: 'onboarding' | 'compliance' | 'manager';
  /** Education keys in order, with the days from the learner's program start to finish each by. */
  steps: { education: string; days: number | null }[];
  tr: { title: string; description: string };
  en: { title: string; description: string };
}

export const PROGRAMS: SeedProgram[] = [
  {
    key: 'onboarding',
    steps: [
      { education: 'welcome', days: 7 },
      { education: 'security-awareness', days: 14 },
      { education: 'safety-basics', days: 30 },
      { education: 'ethics', days: 30 },
    ],
    tr: {
      title: 'Yeni Başlayan Oryantasyonu',
      description:
        'İlk ayınızda tamamlamanız gereken eğitimler: şirketimizi tanıma, bilgi güvenliği, iş sağlığı ve güvenliği, etik kurallarımız.',
    },
    en: {
      title: 'New Starter Onboarding',
      description:
        'The courses to finish in your first month: getting to know Acme, information security, health and safety, and our Code of Conduct.',
    },
  },
  {
    key: 'compliance',
    steps: [
      { education: 'phishing', days: 14 },
      { education: 'privacy', days: 30 },
      { education: 'fire', days: 45 },
      { education: 'anti-bribery', days: 60 },
    ],
    tr: {
      title: 'Uyum ve Güvenlik Yolu',
      description:
        'Her yıl yenilenen zorunlu eğitimler: oltalama saldırıları, kişisel verilerin korunması, yangın güvenliği ve rüşvetle mücadele.',
    },
    en: {
      title: 'Compliance and Safety Path',
      description:
        'The mandatory courses we renew every year: phishing, data protection, fire safety and anti-bribery.',
    },
  },
  {
    key: 'manager',
    steps: [
      { education: 'leadership', days: null },
      { education: 'feedback', days: 30 },
      { education: 'communication', days: null },
      { education: 'time', days: 60 },
      { education: 'negotiation', days: 90 },
    ],
    tr: {
      title: 'Yönetici Gelişim Programı',
      description:
        'Yeni atanan ve deneyimli yöneticilerimiz için: koçluk, geri bildirim, iletişim, zaman yönetimi ve müzakere.',
    },
    en: {
      title: 'Manager Development Program',
      description:
        'For new and experienced managers: coaching, feedback, communication, time management and negotiation.',
    },
  },
];
