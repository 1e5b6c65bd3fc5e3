// placeholder, replaced below
#include <QTest>
class TestEncodingCheck : public QObject { Q_OBJECT };
QTEST_GUILESS_MAIN(TestEncodingCheck)
#include "tst_encodingcheck.moc"
