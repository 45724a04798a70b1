/**
 * What the web app's route table needs of every resource contract of `@kampus/shared` (RESOURCE_CONTRACTS): its locale
 * namespace, its admin screens (named routes and paths) and the permission of each operation — as plain data.
 *
 * The contracts themselves carry their zod schemas; importing them to build the route table would put zod and every
 * admin schema on the sign-in page's critical path. `resource-screens.test.ts` fails when this copy differs from the
 * contracts and prints the entry to paste.
 */
export const RESOURCE_SCREENS = {
  announcements: {
    namespace: 'announcements',
    screens: {
      list: { name: 'company.announcement', path: '/admin/announcement' },
      add: { name: 'company.announcement.add', path: '/admin/announcement/add' },
      edit: { name: 'company.announcement.edit', path: '/admin/announcement/:id/edit' },
    },
    permissions: {
      list: 'read_widgetmanagement',
      read: 'read_widgetmanagement',
      create: 'read_widgetmanagement',
      update: 'read_widgetmanagement',
      delete: 'read_widgetmanagement',
    },
  },
  advertisements: {
    namespace: 'advertisements',
    screens: {
      list: { name: 'company.advertisement', path: '/admin/advertisement' },
      add: { name: 'company.advertisement.add', path: '/admin/advertisement/add' },
      edit: { name: 'company.advertisement.edit', path: '/admin/advertisement/:id/edit' },
    },
    permissions: {
      list: 'read_widgetmanagement',
      read: 'read_widgetmanagement',
      create: 'read_widgetmanagement',
      update: 'read_widgetmanagement',
      delete: 'read_widgetmanagement',
    },
  },
  hashtags: {
    namespace: 'hashtags',
    screens: {
      list: { name: 'company.hashtag.index', path: '/admin/hashtags' },
      add: { name: 'company.hashtag.add', path: '/admin/hashtags/add' },
      edit: { name: 'company.hashtag.edit', path: '/admin/hashtags/:id/edit' },
    },
    permissions: {
      list: 'show_hashtag',
      read: 'show_hashtag',
      create: 'create_hashtag',
      update: 'create_hashtag',
      delete: 'create_hashtag',
    },
  },
  contents: {
    namespace: 'content',
    screens: {
      list: { name: 'company.content.index', path: '/admin/content' },
      add: { name: 'company.content.add', path: '/admin/content/add' },
      edit: { name: 'company.content.edit', path: '/admin/content/edit/:id' },
    },
    permissions: {
      list: 'read_content',
      read: 'read_content',
      create: 'create_content',
      update: 'create_content',
      delete: 'create_content',
    },
  },
  institutions: {
    namespace: 'institutions',
    screens: {
      list: { name: 'company.institution.index', path: '/admin/institutions' },
      add: { name: 'company.institution.add', path: '/admin/institutions/add' },
      edit: { name: 'company.institution.edit', path: '/admin/institutions/edit/:id' },
    },
    permissions: {
      list: 'read_companysetting',
      read: 'read_companysetting',
      create: 'read_companysetting',
      update: 'read_companysetting',
      delete: 'read_companysetting',
    },
  },
  solutionPartners: {
    namespace: 'solution_partners',
    screens: {
      list: { name: 'company.solution_partner.index', path: '/admin/solution-partners' },
      add: { name: 'company.solution_partner.add', path: '/admin/solution-partners/add' },
      edit: { name: 'company.solution_partner.edit', path: '/admin/solution-partners/:id/edit' },
    },
    permissions: {
      list: 'read_integration',
      read: 'read_integration',
      create: 'read_integration',
      update: 'read_integration',
      delete: 'read_integration',
    },
  },
  faqs: {
    namespace: 'faq',
    screens: {
      list: { name: 'company.faq.index', path: '/admin/faq/list' },
      add: { name: 'company.faq.add', path: '/admin/faq/add' },
      edit: { name: 'company.faq.edit', path: '/admin/faq/:id/edit' },
    },
    permissions: {
      list: 'read_faq',
      read: 'read_faq',
      create: 'create_faq',
      update: 'create_faq',
      delete: 'create_faq',
    },
  },
  faqCategories: {
    namespace: 'faq',
    screens: {
      list: { name: 'company.faq_category.index', path: '/admin/faq-categories/list' },
      add: { name: 'company.faq_category.add', path: '/admin/faq-categories/add' },
      edit: { name: 'company.faq_category.edit', path: '/admin/faq-categories/:id/edit' },
    },
    permissions: {
      list: 'read_faq',
      read: 'read_faq',
      create: 'create_faq',
      update: 'create_faq',
      delete: 'create_faq',
    },
  },
  userGroups: {
    namespace: 'user_groups',
    screens: {
      list: { name: 'company.user.group.index', path: '/admin/user/group' },
      add: { name: 'company.user.group.add', path: '/admin/user/group/add' },
      edit: { name: 'company.user.group.edit', path: '/admin/user/group/edit/:id' },
    },
    permissions: {
      list: 'show_user',
      read: 'show_user',
      create: 'show_user',
      update: 'show_user',
      delete: 'show_user',
    },
  },
  users: {
    namespace: 'users',
    screens: {
      list: { name: 'company.user.list', path: '/admin/user/list' },
      add: { name: 'company.user.add', path: '/admin/user/add' },
      edit: { name: 'company.user.edit', path: '/admin/user/edit/:id' },
    },
    permissions: {
      list: 'show_user',
      read: 'show_user',
      create: 'show_user',
      update: 'show_user',
      delete: 'show_user',
    },
  },
  menuItems: {
    namespace: 'menu',
    screens: {
      list: { name: 'company.menu-modules', path: '/admin/menu-modules' },
      add: { name: 'company.menu-modules.add', path: '/admin/menu-modules/add' },
      edit: { name: 'company.menu-modules.edit', path: '/admin/menu-modules/:id/edit' },
    },
    permissions: {
      list: 'read_widgetmanagement',
      read: 'read_widgetmanagement',
      create: 'read_widgetmanagement',
      update: 'read_widgetmanagement',
      delete: 'read_widgetmanagement',
    },
  },
  dataRequests: {
    namespace: 'data',
    screens: {
      list: { name: 'company.data', path: '/admin/data' },
      add: { name: 'company.data.request.add', path: '/admin/data/requests/add' },
      edit: { name: 'company.data.request.edit', path: '/admin/data/requests/:id/edit' },
    },
    permissions: {
      list: 'read_companysetting',
      read: 'read_companysetting',
      create: 'read_companysetting',
      update: 'read_companysetting',
      delete: 'read_companysetting',
    },
  },
  roles: {
    namespace: 'roles',
    screens: {
      list: { name: 'company.role.index', path: '/admin/authorization-roles' },
      add: { name: 'company.role.add', path: '/admin/authorization-add-edit-roles' },
      edit: { name: 'company.role.edit', path: '/admin/authorization-add-edit-roles/:id' },
    },
    permissions: {
      list: 'read_role',
      read: 'read_role',
      create: 'create_role',
      update: 'create_role',
      delete: 'create_role',
    },
  },
  companies: {
    namespace: 'companies',
    screens: {
      list: { name: 'company.companies.index', path: '/admin/companies' },
      add: { name: 'company.companies.add', path: '/admin/companies/add' },
      edit: { name: 'company.companies.edit', path: '/admin/companies/edit/:id' },
    },
    permissions: {
      list: 'super_admin',
      read: 'super_admin',
      create: 'super_admin',
      update: 'super_admin',
      delete: 'super_admin',
    },
  },
  programs: {
    namespace: 'program',
    screens: {
      list: { name: 'company.program', path: '/admin/program' },
      add: { name: 'company.program.add', path: '/admin/program/add' },
      edit: { name: 'company.program.edit', path: '/admin/program/edit/:id' },
    },
    permissions: {
      list: 'read_program',
      read: 'read_program',
      create: 'create_program',
      update: 'create_program',
      delete: 'create_program',
    },
  },
  educations: {
    namespace: 'education',
    screens: {
      list: { name: 'company.content.catalog', path: '/admin/education/catalog' },
      add: { name: 'company.content.catalog.add', path: '/admin/education/catalog/add' },
      edit: { name: 'company.content.catalog.edit', path: '/admin/education/catalog/edit/:id' },
    },
    permissions: {
      list: 'show_training',
      read: 'show_training',
      create: 'create_training',
      update: 'create_training',
      delete: 'create_training',
    },
  },
  educationCategories: {
    namespace: 'educationCategories',
    screens: {
      list: { name: 'company.education.categories', path: '/admin/education/categories' },
      add: { name: 'company.education.categories.add', path: '/admin/education/categories/add' },
      edit: { name: 'company.education.categories.edit', path: '/admin/education/categories/edit/:id' },
    },
    permissions: {
      list: 'show_training',
      read: 'show_training',
      create: 'create_training',
      update: 'create_training',
      delete: 'create_training',
    },
  },
  assignments: {
    namespace: 'assignmentAdmin',
    screens: {
      list: { name: 'company.assignments', path: '/admin/assignments' },
      add: { name: 'company.assignments.add', path: '/admin/assignment/add/:id?' },
      edit: { name: 'company.assignments.edit', path: '/admin/assignment/:id/edit' },
    },
    permissions: {
      list: 'read_assignment',
      read: 'read_assignment',
      create: 'create_assignment',
      update: 'create_assignment',
      delete: 'create_assignment',
    },
  },
  classrooms: {
    namespace: 'classroomAdmin',
    screens: {
      list: { name: 'company.education.classroom', path: '/admin/education/classroom' },
      add: { name: 'company.education.classroom.add', path: '/admin/education/classroom/add' },
      edit: { name: 'company.education.classroom.edit', path: '/admin/education/classroom/edit/:id' },
    },
    permissions: {
      list: 'show_training',
      read: 'show_training',
      create: 'create_training',
      update: 'create_training',
      delete: 'create_training',
    },
  },
  autoAssignments: {
    namespace: 'autoAssignment',
    screens: {
      list: { name: 'company.auto-assignments', path: '/admin/auto-assignments' },
      add: { name: 'company.auto-assignments.add', path: '/admin/auto-assignments/add' },
      edit: { name: 'company.auto-assignments.edit', path: '/admin/auto-assignments/:id/edit' },
    },
    permissions: {
      list: 'read_assignment',
      read: 'read_assignment',
      create: 'create_assignment',
      update: 'create_assignment',
      delete: 'create_assignment',
    },
  },
  questions: {
    namespace: 'questions',
    screens: {
      list: { name: 'company.question.index', path: '/admin/questions' },
      add: { name: 'company.question.add', path: '/admin/question/add' },
      edit: { name: 'company.question.edit', path: '/admin/question/edit/:id' },
    },
    permissions: {
      list: 'show_exam',
      read: 'show_exam',
      create: 'create_exam',
      update: 'create_exam',
      delete: 'create_exam',
    },
  },
  surveys: {
    namespace: 'surveys',
    screens: {
      list: { name: 'company.survey.index', path: '/admin/surveys' },
      add: { name: 'company.survey.add', path: '/admin/survey/add' },
      edit: { name: 'company.survey.edit', path: '/admin/survey/:id/edit' },
    },
    permissions: {
      list: 'show_survey',
      read: 'show_survey',
      create: 'create_survey',
      update: 'create_survey',
      delete: 'create_survey',
    },
  },
  evaluationSurveys: {
    namespace: 'evaluationSurveys',
    screens: {
      list: { name: 'company.evaluation-survey.index', path: '/admin/evaluation-surveys' },
      add: { name: 'company.evaluation-survey.add', path: '/admin/evaluation-survey/add' },
      edit: { name: 'company.evaluation-survey.edit', path: '/admin/evaluation-survey/:id/edit' },
    },
    permissions: {
      list: 'read_evaluationsurvey',
      read: 'read_evaluationsurvey',
      create: 'create_evaluationsurvey',
      update: 'create_evaluationsurvey',
      delete: 'create_evaluationsurvey',
    },
  },
  exams: {
    namespace: 'examAdmin',
    screens: {
      list: { name: 'company.exam.index', path: '/admin/exams' },
      add: { name: 'company.exam.add', path: '/admin/exam/add' },
      edit: { name: 'company.exam.edit', path: '/admin/exam/:id/edit' },
    },
    permissions: {
      list: 'show_exam',
      read: 'show_exam',
      create: 'create_exam',
      update: 'create_exam',
      delete: 'create_exam',
    },
  },
  competencyCategories: {
    namespace: 'competencyCategories',
    screens: {
      list: { name: 'company.competency-categories', path: '/admin/competencies-and-user-definitions/categories' },
      add: {
        name: 'company.competency-categories.add',
        path: '/admin/competencies-and-user-definitions/categories/add',
      },
      edit: {
        name: 'company.competency-categories.edit',
        path: '/admin/competencies-and-user-definitions/categories/:id/edit',
      },
    },
    permissions: {
      list: 'read_competency',
      read: 'read_competency',
      create: 'read_competency',
      update: 'read_competency',
      delete: 'read_competency',
    },
  },
  competencies: {
    namespace: 'competencies',
    screens: {
      list: { name: 'company.competencies', path: '/admin/competencies-and-user-definitions' },
      add: { name: 'company.competencies.add', path: '/admin/competencies-and-user-definitions/add' },
      edit: { name: 'company.competencies.edit', path: '/admin/competencies-and-user-definitions/:id/edit' },
    },
    permissions: {
      list: 'read_competency',
      read: 'read_competency',
      create: 'read_competency',
      update: 'read_competency',
      delete: 'read_competency',
    },
  },
  competencyRules: {
    namespace: 'competencyRules',
    screens: {
      list: { name: 'company.competency-rules', path: '/admin/automatic-competency-definitions' },
      add: { name: 'company.competency-rules.add', path: '/admin/add-automatic-competency' },
      edit: { name: 'company.competency-rules.edit', path: '/admin/edit-automatic-competency/:id/edit' },
    },
    permissions: {
      list: 'read_automaticcompetency',
      read: 'read_automaticcompetency',
      create: 'create_automaticcompetency',
      update: 'create_automaticcompetency',
      delete: 'create_automaticcompetency',
    },
  },
  certificateTemplates: {
    namespace: 'certificateTemplates',
    screens: {
      list: { name: 'company.certificate_template.index', path: '/admin/certificate-templates' },
      add: { name: 'company.certificate_template.add', path: '/admin/certificate-template/add' },
      edit: { name: 'company.certificate_template.edit', path: '/admin/certificate-template/:id/edit' },
    },
    permissions: {
      list: 'show_certificatetemplate',
      read: 'show_certificatetemplate',
      create: 'create_certificatetemplate',
      update: 'create_certificatetemplate',
      delete: 'create_certificatetemplate',
    },
  },
  certificateDefinitions: {
    namespace: 'certificates',
    screens: {
      list: { name: 'company.certificate.index', path: '/admin/certificates' },
      add: { name: 'company.certificate.add', path: '/admin/certificate/add' },
      edit: { name: 'company.certificate.edit', path: '/admin/certificate/:id/edit' },
    },
    permissions: {
      list: 'show_certificate',
      read: 'show_certificate',
      create: 'create_certificate',
      update: 'create_certificate',
      delete: 'create_certificate',
    },
  },
  pointRules: {
    namespace: 'points',
    screens: {
      list: { name: 'company.points', path: '/admin/points' },
      edit: { name: 'company.point.update', path: '/admin/point/:id/update' },
    },
    permissions: {
      list: 'read_point',
      read: 'read_point',
      create: 'read_point',
      update: 'read_point',
      delete: 'read_point',
    },
  },
  gifts: {
    namespace: 'gifts',
    screens: {
      list: { name: 'company.gifts', path: '/admin/gifts' },
      add: { name: 'company.gift.add', path: '/admin/gift/add' },
      edit: { name: 'company.gift.edit', path: '/admin/gift/:id/edit' },
    },
    permissions: {
      list: 'show_gift',
      read: 'show_gift',
      create: 'create_gift',
      update: 'create_gift',
      delete: 'create_gift',
    },
  },
} as const;

export type ResourceScreensKey = keyof typeof RESOURCE_SCREENS;
