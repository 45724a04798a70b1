import type { BuiltInLegalTexts } from '../documents.js';

/** Azərbaycan dilində mətnlər: “Fərdi məlumatlar haqqında” Azərbaycan Respublikasının Qanunu əsasında. */
export const az: BuiltInLegalTexts = {
  personalData: (company) => ({
    title: 'Fərdi məlumatların emalı barədə məlumatlandırma',
    intro: [
      `${company} (bundan sonra – “Şirkət”) olaraq Kampus təlim platforması (bundan sonra – “Platforma”) vasitəsilə emal olunan fərdi məlumatlarınızın təhlükəsizliyinə böyük önəm veririk. “Fərdi məlumatlar haqqında” Azərbaycan Respublikasının Qanununa (bundan sonra – “Qanun”) uyğun olaraq fərdi məlumatlarınızın hansı məqsədlərlə və hansı hüquqi əsaslarla emal edildiyi, kimlərə ötürülə biləcəyi və Qanundan irəli gələn hüquqlarınız barədə sizi məlumatlandırırıq.`,
    ],
    sections: [
      {
        heading: '1. Məlumatların mülkiyyətçisi və operatoru',
        paragraphs: [
          `Fərdi məlumatlarınız mülkiyyətçi və operator qismində ${company} tərəfindən emal olunur. Platformanın texniki infrastrukturu Şirkətin adından və onun göstərişləri əsasında fəaliyyət göstərən xidmət təminatçısı tərəfindən təmin edilir.`,
        ],
      },
      {
        heading: '2. Emal olunan fərdi məlumatlar və onların toplanma üsulu',
        items: [
          'Eyniləşdirmə məlumatları: ad, soyad, istifadəçi adı, əməkdaşın tabel nömrəsi və Şirkətin zəruri hesab etdiyi hallarda şəxsiyyət vəsiqəsinin FİN kodu.',
          'Əlaqə məlumatları: elektron poçt ünvanı və mobil telefon nömrəsi.',
          'Təlim və qiymətləndirmə qeydləri: sizə təyin edilmiş və tamamladığınız təlimlər, irəliləyişiniz, imtahan və sorğu cavablarınız və onların nəticələri, sertifikatlarınız, xallarınız və hədiyyələriniz.',
          'Təhlükəsizlik və jurnal qeydləri: sistemə giriş və çıxış vaxtları, IP ünvanı, brauzer və cihaz məlumatları, baxılan səhifələr və Platformada icra olunan əməliyyatlara dair qeydlər.',
        ],
        closing: [
          'Fərdi məlumatlarınız Şirkət tərəfindən Platformaya ötürülməklə, Platformadan istifadə zamanı doldurduğunuz formalar və Platformanın avtomatik qeydiyyat sistemləri vasitəsilə elektron qaydada toplanır.',
        ],
      },
      {
        heading: '3. Fərdi məlumatların emal məqsədləri',
        items: [
          'Platformada hesabınızın yaradılması, şəxsiyyətinizin təsdiqlənməsi və sessiya təhlükəsizliyinin təmin edilməsi;',
          'Sizə təyin edilmiş təlimlərin, imtahanların və sorğuların təqdim olunması, irəliləyişinizin izlənməsi və sertifikatlarınızın verilməsi;',
          'Şirkətdaxili təlim fəaliyyətinin planlaşdırılması, hesabatların hazırlanması və qiymətləndirilməsi;',
          'Bildiriş, elan və xatırlatmaların sizə göndərilməsi;',
          'İnformasiya təhlükəsizliyinin təmin edilməsi, icazəsiz girişin qarşısının alınması və aşkarlanması;',
          'Qanunvericilikdən irəli gələn öhdəliklərin yerinə yetirilməsi və səlahiyyətli dövlət orqanlarının sorğularının cavablandırılması.',
        ],
      },
      {
        heading: '4. Emalın hüquqi əsasları',
        paragraphs: [
          'Fərdi məlumatlarınız Qanunun tələblərinə uyğun olaraq sizin razılığınız əsasında, habelə əmək və ya xidmət münasibətlərinin icrası, Şirkətin qanunvericilikdən irəli gələn öhdəliklərinin yerinə yetirilməsi və qanunla nəzərdə tutulmuş digər hallarda emal olunur.',
          'Razılığınızı istənilən vaxt geri götürə bilərsiniz; bu, razılığın geri götürülməsinə qədər aparılmış emalın qanuniliyinə təsir etmir.',
        ],
      },
      {
        heading: '5. Fərdi məlumatların ötürülməsi',
        paragraphs: [
          'Fərdi məlumatlarınız yalnız yuxarıda göstərilən məqsədlərlə məhdud olmaqla Şirkətin daxil olduğu şirkətlər qrupuna, Platformanın yerləşdirilməsi və texniki xidməti üçün cəlb olunan xidmət təminatçılarına, təlim məzmunu təqdim edən tərəfdaşlara və qanunla səlahiyyət verilmiş dövlət orqanlarına ötürülə bilər. Məlumatların transsərhəd ötürülməsi yalnız Qanunla müəyyən edilmiş şərtlərə və təhlükəsizlik tələblərinə əməl olunmaqla həyata keçirilir.',
        ],
      },
      {
        heading: '6. Saxlanma müddəti',
        paragraphs: [
          'Fərdi məlumatlarınız emal məqsədləri üçün zəruri olan müddət ərzində və qanunvericiliklə müəyyən edilmiş saxlanma müddətlərinə uyğun olaraq saxlanılır. Bu müddət başa çatdıqda məlumatlar silinir, məhv edilir və ya anonimləşdirilir.',
        ],
      },
      {
        heading: '7. Subyekt kimi hüquqlarınız',
        paragraphs: ['Qanuna uyğun olaraq aşağıdakı hüquqlara maliksiniz:'],
        items: [
          'fərdi məlumatlarınızın emal edilib-edilmədiyini öyrənmək və onlarla tanış olmaq;',
          'məlumatların emalının hüquqi əsasları, məqsədləri, mənbəyi və saxlanma müddəti barədə məlumat almaq;',
          'fərdi məlumatlarınızın ötürüldüyü üçüncü şəxslər barədə məlumat almaq;',
          'natamam və ya yanlış məlumatlara düzəliş edilməsini, qanunsuz emal olunan məlumatların bloklanmasını və ya məhv edilməsini tələb etmək;',
          'düzəliş, bloklama və ya məhvetmə barədə məlumatların ötürüldüyü üçüncü şəxslərə bildiriş verilməsini tələb etmək;',
          'fərdi məlumatlarınızın emalına verdiyiniz razılığı geri götürmək;',
          'hüquqlarınızın pozulduğunu hesab etdiyiniz halda səlahiyyətli dövlət orqanına və ya məhkəməyə müraciət etmək.',
        ],
      },
      {
        heading: '8. Müraciət və cavab müddəti',
        paragraphs: [
          'Bu hüquqlarla bağlı müraciətlərinizi şəxsiyyətinizi təsdiq edən məlumatlarla birlikdə yazılı formada və ya Şirkətdə qeydiyyatda olan elektron poçt ünvanınızdan Şirkətə göndərə bilərsiniz.',
          'Müraciətiniz ən qısa zamanda və ən geci otuz (30) gün ərzində ödənişsiz cavablandırılır.',
        ],
      },
    ],
  }),

  userInformation: (company) => ({
    title: 'İstifadəçi üçün məlumat',
    intro: [
      `Bu təlim platforması ${company} tərəfindən əməkdaşları və tərəfdaşları üçün təlim fəaliyyətinin həyata keçirilməsi məqsədilə Kampus infrastrukturu üzərində təqdim olunur. Platformaya ${company} tərəfindən sizin üçün yaradılmış hesabla daxil olursunuz.`,
    ],
    sections: [
      {
        heading: 'Hesabınız və təhlükəsizliyiniz',
        items: [
          'Şifrənizi heç kimlə paylaşmayın və başqasına məxsus hesabla sistemə daxil olmayın.',
          'Ortaq istifadə olunan cihazlarda işinizi bitirdikdən sonra sessiyanı bağlayın.',
          'Hesabınızdan icazəsiz istifadə edildiyindən şübhələnirsinizsə, şifrənizi dərhal dəyişin və bu barədə platforma administratorunuza məlumat verin.',
        ],
      },
      {
        heading: 'Platformada qeydə alınan məlumatlar',
        paragraphs: [
          'Təlimlərdə iştirakınız, irəliləyişiniz, imtahan və sorğu nəticələriniz, qazandığınız sertifikatlar və xallar qeydə alınır və Şirkətin səlahiyyətli rəhbər şəxsləri tərəfindən hesabatlarda istifadə oluna bilər. Təhlükəsizlik məqsədilə sistemə giriş qeydləri və baxılan səhifələr də qeydə alınır.',
        ],
      },
      {
        heading: 'Brauzerinizdə saxlanılan məlumatlar',
        paragraphs: [
          'Platforma sessiyanızı davam etdirmək üçün lazım olan açarları, dil seçiminizi və bu məlumatlandırmanın göstərildiyini brauzerinizdə şifrələnmiş şəkildə saxlayır. Bu məlumatlar yalnız Platformanın işləməsi üçün istifadə olunur.',
        ],
      },
      {
        heading: 'Təlim materialları',
        paragraphs: [
          'Platformadakı təlim materialları Şirkətə və ya lisenziya verənlərə məxsusdur. Materiallardan yalnız şəxsi təlim məqsədilə istifadə etmək olar; onların icazəsiz surətinin çıxarılması, yazılması və paylaşılması qadağandır.',
        ],
      },
      {
        heading: 'Fərdi məlumatlarınız',
        paragraphs: [
          'Fərdi məlumatlarınızın emalı barədə ətraflı məlumatı profil menyusundakı “Hüquqi məlumat” səhifəsində tapa bilərsiniz. Hüquqlarınızla bağlı müraciətləriniz ən geci otuz (30) gün ərzində cavablandırılır.',
        ],
      },
      {
        heading: 'Əlaqə',
        paragraphs: [
          'Platforma ilə bağlı suallarınız üçün Şirkətin kadrlar və ya təlim bölməsinə, yaxud platforma administratorunuza müraciət edə bilərsiniz.',
        ],
      },
    ],
  }),
};
