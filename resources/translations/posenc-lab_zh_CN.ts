<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AnimationExport</name>
    <message>
        <location filename="../../ui/export/animationexport.cpp" line="+270"/>
        <source>--frames: %1 is out of range; it must be an integer in [%2, %3]</source>
        <translation>--frames：%1 超出范围；它必须是 [%2, %3] 内的整数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--fps: %1 is out of range; it must be a number in [%2, %3]</source>
        <translation>--fps：%1 超出范围；它必须是 [%2, %3] 内的数值</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: %2 is out of range; %3</source>
        <translation>%1：%2 超出范围；%3</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+6"/>
        <source>--animate %1: frame %2 of %3 is invalid; %4</source>
        <translation>--animate %1：第 %2 帧（共 %3 帧）无效；%4</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>no temporary folder for the frames: %1</source>
        <translation>没有可存放各帧的临时文件夹：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>frame %1 of %2: %3</source>
        <translation>第 %1 帧（共 %2 帧）：%3</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>frame %1 of %2 could not be drawn</source>
        <translation>无法绘制第 %1 帧（共 %2 帧）</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+74"/>
        <location line="+2"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>frame %1 of %2 could not be read back</source>
        <translation>无法读回第 %1 帧（共 %2 帧）</translation>
    </message>
</context>
<context>
    <name>Bench</name>
    <message>
        <location filename="../../app/bench.cpp" line="+620"/>
        <location line="+7"/>
        <source>the measurement “%1” failed: %2</source>
        <translation>测量“%1”失败：%2</translation>
    </message>
</context>
<context>
    <name>BoundedFile</name>
    <message>
        <location filename="../../ui/io/boundedfile.cpp" line="+53"/>
        <source>no file name given</source>
        <translation>未给出文件名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: a file name cannot hold a NUL character</source>
        <translation>%1：文件名中不能含有 NUL 字符</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+4"/>
        <location line="+22"/>
        <location line="+35"/>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>%1 is not a regular file; %2</source>
        <translation>%1 不是普通文件；%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is %2 bytes; %3</source>
        <translation>%1 有 %2 字节；%3</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+52"/>
        <source>not enough memory to read %1 (%2 bytes)</source>
        <translation>内存不足，无法读取 %1（%2 字节）</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>%1 is over %2 MiB; %3</source>
        <translation>%1 超过 %2 MiB；%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 changed while it was read; try again</source>
        <translation>%1 在读取过程中被改动了；请重试</translation>
    </message>
</context>
<context>
    <name>CellText</name>
    <message>
        <location filename="../../ui/views/celltext.cpp" line="+44"/>
        <source>w_%1</source>
        <translation>w_%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 = exp(−%2·ln(%3)/%4) = %5</source>
        <translation>%1 = exp(−%2·ln(%3)/%4) = %5</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 = %2^(−%3/%4) = %5</source>
        <translation>%1 = %2^(−%3/%4) = %5</translation>
    </message>
</context>
<context>
    <name>CheckCommand</name>
    <message>
        <location filename="../../app/checkcommand.cpp" line="+130"/>
        <source>%1: text, %2 rows of %3 numbers</source>
        <translation>%1：文本，%2 行，每行 %3 个数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 [%3], %4</source>
        <translation>%1：%2 [%3]，%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  tensor: %1</source>
        <translation>  张量：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  orientation: transposed, dimensions along the first axis (%1 positions x %2 dimensions)</source>
        <translation>  方向：已转置，维度沿第一个轴（%1 个位置 × %2 个维度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  orientation: positions along the first axis (%1 positions x %2 dimensions)</source>
        <translation>  方向：位置沿第一个轴（%1 个位置 × %2 个维度）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  layout: %1 (odd column: %2)</source>
        <translation>  布局：%1（奇数列：%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  frequencies: %1, base %2</source>
        <translation>  频率：%1，底数 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  frequencies: %1, no base fits them</source>
        <translation>  频率：%1，没有与之相符的底数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  positions: row r is at %1 + r * %2</source>
        <translation>  位置：第 r 行位于 %1 + r * %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  amplitude (scale): 1 (fitted %1, not told apart from 1)</source>
        <translation>  振幅（scale）：1（拟合值 %1，与 1 无法区分）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  amplitude (scale): %1</source>
        <translation>  振幅（scale）：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  computed in: %1</source>
        <translation>  计算精度：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>  verdict: matches a published convention (largest difference %1, allowed %2)</source>
        <translation>  结论：与一种已发表的约定一致（最大差值 %1，允许 %2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  used by: %1</source>
        <translation>  使用者：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  verdict: a published convention plus a residual of RMS %1 (largest %2, allowed %3)</source>
        <translation>  结论：一个已发表的约定加上一个残差，均方根 %1（最大 %2，允许 %3）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  verdict: does not match a published convention (largest difference %1 from the closest, allowed %2)</source>
        <translation>  结论：与任何已发表的约定都不一致（与最接近者的最大差值 %1，允许 %2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>findings:</source>
        <translation>发现：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  [%1] %2: %3</source>
        <translation>  [%1] %2：%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>      columns: %1</source>
        <translation>      列：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>      fix: %1</source>
        <translation>      修正：%1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>an encoding to check must be a regular .npy, .csv or .txt file of at most %1 MiB</source>
        <translation>要检查的编码必须是不超过 %1 MiB 的普通 .npy、.csv 或 .txt 文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>check: %1</source>
        <translation>check：%1</translation>
    </message>
    <message>
        <location line="-8"/>
        <location line="+10"/>
        <source>check: %1: %2</source>
        <translation>check：%1：%2</translation>
    </message>
</context>
<context>
    <name>CheckedFile</name>
    <message>
        <location filename="../../ui/views/check/checkedfile.cpp" line="+58"/>
        <source>the example %1 is missing from the resources</source>
        <translation>资源中缺少示例文件 %1</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>an encoding to check must be a regular .npy, .csv or .txt file of at most %1 MiB</source>
        <translation>要检查的编码必须是不超过 %1 MiB 的普通 .npy、.csv 或 .txt 文件</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+36"/>
        <location line="+54"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>the check of %1 was cancelled</source>
        <translation>%1 的检查已取消</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 (example)</source>
        <translation>%1（示例）</translation>
    </message>
</context>
<context>
    <name>CommandLineParser</name>
    <message>
        <location filename="../../app/commandlinehelp.cpp" line="+132"/>
        <source>Usage: posenc-lab screenshot -o FILE.png [--preset FILE] [--view VIEW] [--size WxH] [--present] [parameters]
Renders the window offscreen to a PNG, headless, on a screen of --size.

  --view VIEW          %1
                       (default %2, or the preset&apos;s view)
  -o, --output FILE    the .png to write
  --size WxH           window size in pixels (default 1280x800)
  --present            in presentation mode, full screen (F5 in the window)
  --preset FILE        start from a preset (a posenc-lab/1 JSON file); options
                       given as well override it

</source>
        <translation>用法：posenc-lab screenshot -o FILE.png [--preset FILE] [--view VIEW] [--size WxH] [--present] [参数]
以无界面方式在屏幕外将窗口渲染为 PNG，屏幕大小为 --size。

  --view VIEW          %1
                       （默认 %2，或预设中的视图）
  -o, --output FILE    要写入的 .png 文件
  --size WxH           窗口大小，单位为像素（默认 1280x800）
  --present            使用演示模式，全屏（即窗口中的 F5）
  --preset FILE        从预设（posenc-lab/1 格式的 JSON 文件）出发；同时给出的
                       选项会覆盖预设

</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Usage: posenc-lab bench [--quick | --size WxH] [--changes N]
Measures offscreen, per view and size, the time from a parameter change to the view
replotted (median and 95th percentile), and the engine against a plain buffer write
and a std::sin/std::cos loop. Prints JSON on stdout; writes nothing to disk.

  --quick              the small sizes only
  --size WxH           instead: the window alone at this size in pixels (such as
                       3840x2160), every view in front in turn, at d_model 512 with
                       512 positions and at the largest parameters (d_model 4096,
                       16384 positions); with --quick, at 512 x 512 only
  --changes N          parameter changes per view and size, 5 to 10000
</source>
        <translation>用法：posenc-lab bench [--quick | --size WxH] [--changes N]
在屏幕外按视图和尺寸测量从参数改变到视图重绘所需的时间（中位数和第 95 百分位数），
并将计算引擎与单纯写缓冲区和 std::sin/std::cos 循环进行比较。以 JSON 输出到标准输出；不写入磁盘。

  --quick              只测小尺寸
  --size WxH           改为：只测此像素尺寸的窗口（如 3840x2160），依次将每个视图置于前面，
                       使用 d_model 512、512 个位置以及最大参数（d_model 4096，16384 个位置）；
                       与 --quick 一起时只测 512 × 512
  --changes N          每个视图和尺寸的参数改变次数，5 到 10000
</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>  -h, --help           this help; posenc-lab COMMAND --help gives a command&apos;s own
  -v, --version        the version
  --list-views         the views: id, title, group, data shape, page
  --help-all           the help of every command and the exit status
  --list-options       every option of every command with its values, one per line
  --bash-completion    a bash completion script made from that list

</source>
        <translation>  -h, --help           本帮助；posenc-lab COMMAND --help 给出某个命令自己的帮助
  -v, --version        版本
  --list-views         各视图：标识、标题、分组、数据形状、页面
  --help-all           所有命令的帮助以及退出状态
  --list-options       所有命令的所有选项及其取值，每行一个
  --bash-completion    由该列表生成的 bash 补全脚本

</translation>
    </message>
    <message>
        <location filename="../../app/commandline.cpp" line="+66"/>
        <source>--%1: “%2” is not an integer; %3</source>
        <translation>--%1：“%2”不是整数；%3</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>--%1: “%2” is not a finite number; %3</source>
        <translation>--%1：“%2”不是有限数值；%3</translation>
    </message>
    <message>
        <location line="+15"/>
        <location filename="../../ui/views/optiontext.cpp" line="+83"/>
        <location line="+9"/>
        <source>--%1: “%2” is not one of %3</source>
        <translation>--%1：“%2”不是 %3 之一</translation>
    </message>
    <message>
        <location line="+592"/>
        <source>unexpected argument “%1”; the commands are export, screenshot, check, train, rope and bench; see posenc-lab --help</source>
        <translation>意外的参数“%1”；可用的命令是 export、screenshot、check、train、rope 和 bench，请参阅 posenc-lab --help</translation>
    </message>
    <message>
        <location line="-553"/>
        <source>--size: give either --size or --width-mm and --height-mm, not both</source>
        <translation>--size：请只给出 --size，或只给出 --width-mm 和 --height-mm，不要同时给出</translation>
    </message>
    <message>
        <location filename="../../app/commandlinehelp.cpp" line="-132"/>
        <source>%1 (formerly %2)</source>
        <translation>%1（原名 %2）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Parameters:
  --d-model N          dimensions, 2 to 4096 (default 128)
  --seq-len N          positions, 1 to 16384 (default 30)
  --base B             base of the frequency ladder, above 1 up to 1e12 (default 10000)
  --scale S            amplitude, finite, |S| &lt;= 1e6 (default 1)
  --offset K           offset k of M_k, |K| &lt;= 1e9 (default 5)
  --start P            position of the first row, |P| &lt;= 1e9 (default 0)
  --pos P              the marked position pos, |P| &lt;= 1e9 (default 10)
  --layout L           interleaved | split (default interleaved)
  --frequencies F      paper | tensor2tensor (default paper)
</source>
        <translation>参数：
  --d-model N          维度数，2 到 4096（默认 128）
  --seq-len N          位置数，1 到 16384（默认 30）
  --base B             频率阶梯的底数，大于 1，最大 1e12（默认 10000）
  --scale S            幅度，有限值，|S| &lt;= 1e6（默认 1）
  --offset K           M_k 的偏移量 k，|K| &lt;= 1e9（默认 5）
  --start P            第一行的位置，|P| &lt;= 1e9（默认 0）
  --pos P              标记的位置 pos，|P| &lt;= 1e9（默认 10）
  --layout L           interleaved | split（默认 interleaved）
  --frequencies F      paper | tensor2tensor（默认 paper）
</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Usage: posenc-lab export --view VIEW [parameters] -o FILE [--dtype TYPE]
       posenc-lab export --view VIEW [parameters] -o FILE [figure options]
       posenc-lab export --preset FILE --out-dir DIR [parameters] [figure options]
Writes the numbers behind a view, or the view as a figure, headless.

  --view VIEW          %1
  -o, --output FILE    data: .npy (NumPy 1.0, little-endian) or .csv;
                       figure: .png, .svg or .pdf
  --dtype TYPE         data: float64 (default) | float32
  --preset FILE        start from a preset (a posenc-lab/1 JSON file): its
                       parameters, view and export settings; options given
                       as well override it
  --out-dir DIR        with --preset: write every figure the preset lists into
                       DIR (created if needed), one progress line per figure
                       on stderr; nothing is written if any figure fails

Figure options:
  --size PRESET        single-column (89 x 66.75 mm, default) | double-column
                       (183 x 91.5 mm) | slide (254 x 142.875 mm, 16:9)
  --width-mm W         width in millimetres, 20 to 1000 (with --height-mm)
  --height-mm H        height in millimetres, 20 to 1000 (with --width-mm)
  --dpi N              resolution of a PNG, 72 to 600 (default 300)
  --font-pt N          text size in points, 5 to 30 (default 8)
  --theme THEME        light (default) | dark | print (grayscale-safe)
  --colormap MAP       diverging (default, centred on zero) | viridis | gray

</source>
        <translation>用法：posenc-lab export --view VIEW [参数] -o FILE [--dtype TYPE]
      posenc-lab export --view VIEW [参数] -o FILE [图形选项]
      posenc-lab export --preset FILE --out-dir DIR [参数] [图形选项]
以无界面方式写出某个视图背后的数值，或将视图导出为图形。

  --view VIEW          %1
  -o, --output FILE    数据：.npy（NumPy 1.0，小端序）或 .csv；
                       图形：.png、.svg 或 .pdf
  --dtype TYPE         数据：float64（默认）| float32
  --preset FILE        从预设（posenc-lab/1 格式的 JSON 文件）出发：使用其中的
                       参数、视图和导出设置；同时给出的选项会覆盖预设
  --out-dir DIR        与 --preset 一起使用：把预设列出的每个图形写入 DIR
                       （需要时自动创建），每个图形在标准错误输出一行进度；
                       任何一个图形失败都不会写入任何文件

图形选项：
  --size PRESET        single-column（89 x 66.75 mm，默认）| double-column
                       （183 x 91.5 mm）| slide（254 x 142.875 mm，16:9）
  --width-mm W         宽度（毫米），20 到 1000（与 --height-mm 一起使用）
  --height-mm H        高度（毫米），20 到 1000（与 --width-mm 一起使用）
  --dpi N              PNG 的分辨率，72 到 600（默认 300）
  --font-pt N          文字大小（磅），5 到 30（默认 8）
  --theme THEME        light（默认）| dark | print（灰度打印安全）
  --colormap MAP       diverging（默认，以零为中心）| viridis | gray

</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>  --clean              a figure without the pos / pos + k markers and the annotations

</source>
        <translation>  --clean              图中不画 pos / pos + k 标记和注释

</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Animation (an animated GIF for slides, looping, its command line in a comment):
       posenc-lab export --view VIEW --animate PARAM --from A --to B --frames N
                         [--fps F] [parameters] [figure options] -o FILE.gif
  --animate PARAM      %1
  --from A, --to B     the first and the last value, each in PARAM&apos;s range
  --frames N           frames at evenly spaced values (base: on a log scale;
                       d-model, seq-len: rounded), %2 to %3
  --fps F              frames per second, %4 to %5 (default %6)

</source>
        <translation>动画（用于幻灯片的 GIF 动画，循环播放，注释中记有其命令行）：
       posenc-lab export --view VIEW --animate PARAM --from A --to B --frames N
                         [--fps F] [参数] [图形选项] -o FILE.gif
  --animate PARAM      %1
  --from A, --to B     第一个值和最后一个值，均须在 PARAM 的范围内
  --frames N           帧数，各帧取均匀间隔的值（base 按对数刻度；
                       d-model、seq-len 取整），%2 到 %3
  --fps F              每秒帧数，%4 到 %5（默认 %6）

</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Usage: posenc-lab check FILE [--json] [--base B] [--atol A] [--tensor NAME] [--lang en|zh_CN]
Diagnoses your own sinusoidal encoding matrix: reads FILE (.npy: NumPy format 1.0 to
3.0, float16/32/64, C or Fortran order, 2-D or 3-D with a leading axis of 1; .csv or
text: numbers by commas, semicolons or spaces, a header line optional; .safetensors:
the position table of a model checkpoint, F64/F32/F16/BF16, or of a sharded one through
its model.safetensors.index.json), in either orientation; fits its convention from the
data (layout, frequencies, base, start and step of the positions, amplitude, the
precision it was computed in) and names its bugs, each with the columns concerned and
the fix. Needs no display.

  --json               one JSON object on stdout and nothing else (README: the fields)
  --base B             the base you meant, 1 &lt; B &lt;= 1e12 (default 10000): another base
                       is a finding
  --atol A             how close counts as matching: the largest |file - reference|
                       allowed at any cell, 0 to 1e6 (default: the file&apos;s precision)
  --tensor NAME        .safetensors: the tensor to check (default: the one whose name
                       ends in wpe.weight, position_embeddings.weight, pos_embed, .pe ...)

Exit status: 0 when the file was analysed (whatever was found), 2 when it could not be
read (one line on stderr says why).
</source>
        <translation>用法：posenc-lab check FILE [--json] [--base B] [--atol A] [--tensor NAME] [--lang en|zh_CN]
诊断你自己的正弦位置编码矩阵：读取 FILE（.npy：NumPy 格式 1.0 至 3.0，float16/32/64，
C 或 Fortran 顺序，二维，或首轴为 1 的三维；.csv 或文本：以逗号、分号或空格分隔的数，
可带一行表头；.safetensors：模型检查点中的位置表，F64/F32/F16/BF16，分片的检查点则通过其
model.safetensors.index.json 读取），两种方向均可；从数据中拟合出它的约定（布局、频率、
底数、位置的起点和步长、振幅、计算时所用的精度），并指出其中的错误，每个错误都给出涉及的列和修正方法。无需显示器。

  --json               在标准输出上只打印一个 JSON 对象（字段见 README）
  --base B             你想用的底数，1 &lt; B &lt;= 1e12（默认 10000）：不同的底数
                       会作为一项发现报告
  --atol A             多接近算作吻合：任一单元格允许的最大 |文件 − 参考|，
                       0 至 1e6（默认：按文件自身的精度）
  --tensor NAME        .safetensors：要检查的张量（默认：名称以 wpe.weight、
                       position_embeddings.weight、pos_embed、.pe 等结尾的那个）

退出状态：文件已分析（无论发现什么）为 0；文件无法读取为 2（标准错误上用一行说明原因）。
</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Usage: posenc-lab [--preset FILE] [--lang en|zh_CN] [parameters]
       posenc-lab export --view VIEW [parameters] -o FILE [--dtype float32|float64]
       posenc-lab export --preset FILE --out-dir DIR
       posenc-lab screenshot -o FILE.png [--view VIEW] [parameters]
       posenc-lab check FILE [--json] [--base B]

Without a command, opens the window with the given parameters.
--preset FILE opens a preset (a posenc-lab/1 JSON file saved by File &gt; Save):
its parameters, view and export settings; options given as well override it.
posenc-lab export --help and posenc-lab screenshot --help tell more.
posenc-lab --list-views lists the views: id, title, group and data shape.

</source>
        <translation>用法：posenc-lab [--preset FILE] [--lang en|zh_CN] [参数]
      posenc-lab export --view VIEW [参数] -o FILE [--dtype float32|float64]
      posenc-lab export --preset FILE --out-dir DIR
      posenc-lab screenshot -o FILE.png [--view VIEW] [参数]
      posenc-lab check FILE [--json] [--base B]

不带命令时，以给定的参数打开窗口。
--preset FILE 打开一个预设（由“文件 &gt; 保存”存下的 posenc-lab/1 格式 JSON 文件）：
使用其中的参数、视图和导出设置；同时给出的选项会覆盖预设。
更多说明请参阅 posenc-lab export --help 和 posenc-lab screenshot --help。
posenc-lab --list-views 列出所有视图：id、标题、分组和数据形状。

</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>posenc-lab train --task order|bag [options] -o run.csv trains the learnable scale headless (posenc-lab train --help).
</source>
        <translation>posenc-lab train --task order|bag [选项] -o run.csv 在无界面模式下训练可学习的缩放（posenc-lab train --help）。
</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>posenc-lab rope CONFIG.json reads a model&apos;s RoPE and its context extension (posenc-lab rope --help).

</source>
        <translation>posenc-lab rope CONFIG.json 读取模型的 RoPE 及其上下文扩展（posenc-lab rope --help）。

</translation>
    </message>
    <message>
        <location filename="../../app/commandline.cpp" line="-80"/>
        <location line="+22"/>
        <source>--%1: “%2” is out of range; %3</source>
        <translation>--%1：“%2”超出范围；%3</translation>
    </message>
    <message>
        <location line="+41"/>
        <location filename="../../ui/views/optiontext.cpp" line="-52"/>
        <location line="+20"/>
        <source>--%1: “%2” is out of range; it must be an integer in [%3, %4]</source>
        <translation>--%1：“%2”超出范围；它必须是 [%3, %4] 内的整数</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/views/optiontext.cpp" line="-19"/>
        <location line="+20"/>
        <source>--%1: “%2” is not an integer; it must be an integer in [%3, %4]</source>
        <translation>--%1：“%2”不是整数；它必须是 [%3, %4] 内的整数</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/views/optiontext.cpp" line="+13"/>
        <source>--%1: “%2” is out of range; it must be a number in [%3, %4]</source>
        <translation>--%1：“%2”超出范围；它必须是 [%3, %4] 内的数字</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/views/optiontext.cpp" line="+1"/>
        <source>--%1: “%2” is not a number; it must be a number in [%3, %4]</source>
        <translation>--%1：“%2”不是数字；它必须是 [%3, %4] 内的数字</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>--size: “%1” is not one of %2</source>
        <translation>--size：“%1”不是 %2 之一</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>--%1: give --width-mm and --height-mm together, each in [%2, %3] mm</source>
        <translation>--%1：请同时给出 --width-mm 和 --height-mm，各自在 [%2, %3] mm 内</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>--%1: only with --animate PARAM</source>
        <translation>--%1：仅与 --animate PARAM 一起使用</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>-o: a .gif is an animation; give --animate PARAM --from A --to B --frames N</source>
        <translation>-o：.gif 是动画；请给出 --animate PARAM --from A --to B --frames N</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>-o: an animation is written as a .gif, not “.%1”</source>
        <translation>-o：动画写为 .gif，而不是“.%1”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--dtype: only for data; -o names an animation</source>
        <translation>--dtype：仅适用于数据；-o 指定的是动画</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>--%1: missing; an animation needs --from A --to B --frames N</source>
        <translation>--%1：缺失；动画需要 --from A --to B --frames N</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>--out-dir: only with --preset FILE, whose figures it receives</source>
        <translation>--out-dir：只能与 --preset FILE 一起使用，用于存放该预设的图形</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--out-dir: give either -o FILE (one view) or --out-dir DIR (every figure of the preset), not both</source>
        <translation>--out-dir：-o FILE（单个视图）与 --out-dir DIR（预设中的全部图形）只能二选一，不能同时给出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--view: with --out-dir each figure of the preset names its view; give -o FILE to export one view</source>
        <translation>--view：使用 --out-dir 时，由预设中的每个图形各自指定视图；若只导出一个视图，请使用 -o FILE</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--out-dir: missing folder name</source>
        <translation>--out-dir：缺少文件夹名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--preset %1: figures: the preset lists no figures; give -o FILE to export its view</source>
        <translation>--preset %1：figures：该预设没有列出任何图形；请用 -o FILE 导出它的视图</translation>
    </message>
    <message>
        <location line="+144"/>
        <source>check: no file given; see posenc-lab check --help</source>
        <translation>check：未给出文件；请参阅 posenc-lab check --help</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>check: one file at a time, not “%1” as well; see posenc-lab check --help</source>
        <translation>check：一次只检查一个文件，不能同时检查“%1”；请参阅 posenc-lab check --help</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--tensor: only for a .safetensors checkpoint or its .safetensors.index.json, not “%1”</source>
        <translation>--tensor：只用于 .safetensors 检查点或其 .safetensors.index.json，不能用于“%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>--tensor: give the name of a tensor of the checkpoint</source>
        <translation>--tensor：请给出检查点中某个张量的名称</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--base: “%1” is out of range; %2</source>
        <translation>--base：“%1”超出范围；%2</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>%1: out of range; %2</source>
        <translation>%1：超出范围；%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 is out of range; %3</source>
        <translation>%1：%2 超出范围；%3</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>--%1: dimension %2 of the preset is outside [0, %3] (d_model − 1); give --%1 too</source>
        <translation>--%1：预设中的维度 %2 超出 [0, %3]（d_model − 1）；请同时给出 --%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>-o: “%1” names a folder; give a file name such as figure.png or data.npy</source>
        <translation>-o：“%1”是一个文件夹；请给出文件名，例如 figure.png 或 data.npy</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>-o: “%1” has no extension; export writes .npy or .csv (data), .png, .svg or .pdf (figures)</source>
        <translation>-o：“%1”没有扩展名；export 写出 .npy 或 .csv（数据），.png、.svg 或 .pdf（图形）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>-o: unknown format “.%1”; export writes .npy or .csv (data), .png, .svg or .pdf (figures)</source>
        <translation>-o：未知格式“.%1”；export 可写出 .npy 或 .csv（数据），以及 .png、.svg 或 .pdf（图形）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--%1: a figure option; -o must then name a .png, .svg or .pdf, not “.%2”</source>
        <translation>--%1：这是图形选项；此时 -o 必须指定 .png、.svg 或 .pdf，而不是“.%2”</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>--view: missing; one of %1</source>
        <translation>--view：缺失；应为 %1 之一</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>-o: missing; give -o FILE to export the preset&apos;s view, or --out-dir DIR for all its figures</source>
        <translation>-o：缺失；请用 -o FILE 导出预设的视图，或用 --out-dir DIR 导出它的全部图形</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>-o: missing output file; see posenc-lab %1 --help</source>
        <translation>-o：缺少输出文件；请参阅 posenc-lab %1 --help</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>--dtype: only for data; -o names a figure, not a .npy or .csv</source>
        <translation>--dtype：仅适用于数据；-o 指定的是图形，而不是 .npy 或 .csv</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>-o: a screenshot is a .png, not “.%1”</source>
        <translation>-o：截图应为 .png，而不是“.%1”</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>unknown option %1; see %2</source>
        <translation>未知选项 %1；请参阅 %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: takes no value; see %2</source>
        <translation>%1：不接受取值；请参阅 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: missing value; see %2</source>
        <translation>%1：缺少取值；请参阅 %2</translation>
    </message>
    <message>
        <location filename="../../app/commandlinehelp.cpp" line="+140"/>
        <source>Command %1:</source>
        <translation>命令 %1：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Exit status:
  0                    success; for check: the file was analysed, whatever was found
  2                    invalid input (an option out of range, an unknown option or view,
                       an unwritable path, a malformed preset or file): one line on
                       stderr names the problem and the valid range, and no output
                       file is left behind
</source>
        <translation>退出状态：
  0                    成功；对 check 而言：文件已分析，无论发现了什么
  2                    输入无效（选项超出范围、未知的选项或视图、路径不可写、
                       预设或文件格式错误）：stderr 上的一行指出问题及有效范围，
                       且不会留下任何输出文件
</translation>
    </message>
    <message>
        <location filename="../../app/commandline.cpp" line="-289"/>
        <source>unexpected argument “%1”; see posenc-lab bench --help</source>
        <translation>意外的参数“%1”；请参阅 posenc-lab bench --help</translation>
    </message>
    <message>
        <location line="+323"/>
        <source>--animate: one view to -o FILE.gif, not with --out-dir</source>
        <translation>--animate：将一个视图写入 -o FILE.gif，不能与 --out-dir 同用</translation>
    </message>
    <message>
        <location line="-375"/>
        <location line="+179"/>
        <location filename="../../app/main.cpp" line="+266"/>
        <source>--preset %1: %2</source>
        <translation>--preset %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/views/temporal/temporaldescriptor.cpp" line="+30"/>
        <source>periods of the temporal view, up to 16 numbers in [1e-9, 1e9] (default 24,168)</source>
        <translation>时间视图的周期，最多 16 个 [1e-9, 1e9] 内的数（默认 24,168）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>--periods: “%1” is not a number; give positive periods such as 24,168</source>
        <translation>--periods：“%1”不是数字；请给出正的周期，例如 24,168</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>time steps of the temporal view, 1 to 1048576 (default 336)</source>
        <translation>时间编码视图的时间步数，1 到 1048576（默认 336）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--steps: “%1” is not an integer; steps must be an integer in [1, %2]</source>
        <translation>--steps：“%1”不是整数；时间步数必须是 [1, %2] 内的整数</translation>
    </message>
    <message>
        <location filename="../../app/commandline.cpp" line="-464"/>
        <source>--size: “%1” is not WxH with W in [320, 7680] and H in [240, 4320]</source>
        <translation>--size：“%1”不是 WxH 格式（W 在 [320, 7680] 内，H 在 [240, 4320] 内）</translation>
    </message>
    <message>
        <location filename="../../ui/io/fileset.cpp" line="+83"/>
        <source>%1 is a folder; a file of the set goes there, so nothing was written (move the folder away)</source>
        <translation>%1 是一个文件夹；这组文件中的一个要写到这里，因此什么也没有写入（请先移走该文件夹）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is not a regular file; a file of the set goes there, so nothing was written</source>
        <translation>%1 不是普通文件；这组文件中的一个要写到这里，因此什么也没有写入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is read-only; a file of the set would replace it, so nothing was written</source>
        <translation>%1 是只读的；这组文件中的一个会替换它，因此什么也没有写入</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: %2 cannot be locked against another run writing into it: %3</source>
        <translation>%1：无法锁定 %2 以防另一次运行同时写入：%3</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1: another run is writing there; waiting for it to finish</source>
        <translation>%1：另一次运行正在那里写入；等待它结束</translation>
    </message>
    <message>
        <location line="+179"/>
        <source>%1: cannot restore the previous version: %2</source>
        <translation>%1：无法恢复之前的版本：%2</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>%1: an earlier run was interrupted; its previous files are back</source>
        <translation>%1：之前的一次运行被中断；原先的文件已恢复</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+10"/>
        <location line="+9"/>
        <location line="+66"/>
        <location line="+12"/>
        <location line="+9"/>
        <source>%1: cannot write in %2: %3</source>
        <translation>%1：无法在 %2 中写入：%3</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>%1: %2 is not a folder</source>
        <translation>%1：%2 不是文件夹</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: cannot create the folder %2</source>
        <translation>%1：无法创建文件夹 %2</translation>
    </message>
    <message>
        <location line="+43"/>
        <location line="+12"/>
        <source>%1: interrupted; %2 is as it was</source>
        <translation>%1：已中断；%2 保持原样</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>%1: cannot keep the previous version: %2</source>
        <translation>%1：无法保留之前的版本：%2</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>%1: cannot replace it: %2</source>
        <translation>%1：无法替换它：%2</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationdescriptor.cpp" line="+32"/>
        <source>the pair the rotation view shows in detail, 0 to d_model/2 - 1 (default 0)</source>
        <translation>旋转视图详细显示的频率对，0 到 d_model/2 - 1（默认 0）</translation>
    </message>
    <message>
        <location filename="../../ui/views/similarity/similaritydescriptor.cpp" line="+32"/>
        <source>dot | cosine: the similarity view&apos;s measure (default dot)</source>
        <translation>dot | cosine：相似度视图的度量（默认 dot）</translation>
    </message>
    <message>
        <location filename="../../ui/views/precision/precisiondescriptor.cpp" line="+39"/>
        <source>float32 | float16 | bfloat16: the number format of the precision lab (default bfloat16)</source>
        <translation>float32 | float16 | bfloat16：精度实验室的数值格式（默认 bfloat16）</translation>
    </message>
    <message>
        <location filename="../../ui/views/heatmap/heatmapdescriptor.cpp" line="+31"/>
        <source>the columns the heatmap shows: all, or up to %1 dimensions such as 0-5 (default all)</source>
        <translation>热图显示的列：all（全部），或最多 %1 个维度，例如 0-5（默认 all）</translation>
    </message>
    <message>
        <location filename="../../ui/views/check/checkdescriptor.cpp" line="+32"/>
        <source>the .npy, .csv or .txt file of an encoding matrix that the check view diagnoses (default: the example textbook-loop.npy, a loop with a doubled exponent)</source>
        <translation>检查视图要诊断的编码矩阵文件，格式为 .npy、.csv 或 .txt（默认：示例 textbook-loop.npy，一个指数翻倍的循环）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>the tensor of a .safetensors --check-file that the check view diagnoses (default: the one named like a position table, such as transformer.wpe.weight; other files ignore it)</source>
        <translation>检查视图所诊断的 .safetensors --check-file 中的张量（默认：名称像位置表的那个，例如 transformer.wpe.weight；其他文件忽略此项）</translation>
    </message>
    <message>
        <location filename="../../ui/views/attention/attentiondescriptor.cpp" line="+32"/>
        <source>the attention lab&apos;s phrase, 1 to 64 tokens split at spaces, Chinese one per character (default “我 吃 鱼”)</source>
        <translation>注意力实验室的句子，1 到 64 个词元，按空格切分，中文每个字一个词元（默认“我 吃 鱼”）</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>none | sinusoidal | learned | rope | alibi | t5 | relative: the attention lab&apos;s scheme (right pane) and its data export (default sinusoidal)</source>
        <translation>none | sinusoidal | learned | rope | alibi | t5 | relative：注意力实验室的位置方案（右侧窗格）及其数据导出（默认 sinusoidal）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>the attention lab&apos;s random seed (token embeddings, weights, the learned and T5 tables, the shuffle), 0 to 2147483647 (default 0)</source>
        <translation>注意力实验室的随机种子（词元嵌入、权重、可学习表和 T5 表、打乱顺序），0 到 2147483647（默认 0）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>random | identity: the attention lab&apos;s W_q, W_k, W_v (default random)</source>
        <translation>random | identity：注意力实验室的 W_q、W_k、W_v（默认 random）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>add | concat_project | alpha: how the attention lab joins a position vector to the token (default add)</source>
        <translation>add | concat_project | alpha：注意力实验室把位置向量与词元结合的方式（默认 add）</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>attention heads H for ALiBi&apos;s slopes 2^(−8(h+1)/H) (the paper&apos;s formula for every H; ALiBi&apos;s published code and BLOOM differ when H is not a power of 2) and T5&apos;s table, 1 to 128 (default 8)</source>
        <translation>注意力头数 H，用于 ALiBi 的斜率 2^(−8(h+1)/H)（对任何 H 都用论文的公式；H 不是 2 的幂时，ALiBi 公开的代码和 BLOOM 的取法不同）和 T5 的表，1 到 128（默认 8）</translation>
    </message>
    <message>
        <location line="-141"/>
        <source>--attention-sentence: “%1” holds %2 tokens; it must hold 1 to %3</source>
        <translation>--attention-sentence：“%1”含有 %2 个词元；必须为 1 到 %3 个</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>the attention lab&apos;s other scheme (left pane), as --attention-encoding (default none)</source>
        <translation>注意力实验室的另一个方案（左侧窗格），取值同 --attention-encoding（默认 none）</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>the token&apos;s weight α of --attention-join alpha, 0 to 1 (default 0.5)</source>
        <translation>--attention-join alpha 中词元的权重 α，0 到 1（默认 0.5）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>interleaved | rotate_half: the dimensions RoPE rotates together, (2t, 2t+1) or (t, t + d/2) (default interleaved)</source>
        <translation>interleaved | rotate_half：RoPE 一起旋转的维度，(2t, 2t+1) 或 (t, t + d/2)（默认 interleaved）</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>the head shown, 0 to H − 1 (default 0)</source>
        <translation>显示的头，0 到 H − 1（默认 0）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>head %1 does not exist with %2 heads; head must be in [0, %3]</source>
        <translation>共 %2 个头时不存在第 %1 个头；head 必须在 [0, %3] 内</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>rows of the learned position table (positions 0 to N − 1), 1 to 16384 (default 512)</source>
        <translation>可学习位置表的行数（位置 0 到 N − 1），1 到 16384（默认 512）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the shift test: the phrase moved S positions later, −1000000 to 1000000 (default 16)</source>
        <translation>平移测试：把句子往后移 S 个位置，−1000000 到 1000000（默认 16）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>seeded | reverse: the shuffle test&apos;s order, a permutation drawn from the random seed or the phrase reversed (default seeded)</source>
        <translation>seeded | reverse：打乱测试的顺序，由随机种子生成的排列，或把句子倒过来（默认 seeded）</translation>
    </message>
    <message>
        <location filename="../../ui/views/vit/vitdescriptor.cpp" line="+24"/>
        <source>the ViT lab&apos;s image side in pixels, 1 to %1 (default 224)</source>
        <translation>ViT 实验的图像边长（像素），1 到 %1（默认 224）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>vit-patch-size %1 is larger than the image (vit-image-size %2); it must be in [1, %2]</source>
        <translation>vit-patch-size %1 大于图像（vit-image-size %2）；它必须在 [1, %2] 内</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>vit-patch-size %1 cuts the %2 px image into %3 patches a side; at most %4: vit-patch-size must be in [%5, %2]</source>
        <translation>vit-patch-size %1 把 %2 像素的图像切成每边 %3 个图块；至多 %4 个：vit-patch-size 必须在 [%5, %2] 内</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>the ViT lab&apos;s patch side in pixels, 1 to the image size, at most %1 patches a side (default 16)</source>
        <translation>ViT 实验的图块边长（像素），1 到图像边长，每边至多 %1 个图块（默认 16）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>--%1: “%2” is not “middle” or an integer in [0, %3]</source>
        <translation>--%1：“%2”既不是“middle”，也不是 [0, %3] 内的整数</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 %2 is outside the %3 × %3 patch grid; it must be “middle” or in [0, %4]</source>
        <translation>%1 %2 超出了 %3 × %3 的图块网格；它必须是“middle”或在 [0, %4] 内</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>the ViT lab&apos;s chosen patch: its row from the top, or middle (default middle)</source>
        <translation>ViT 实验中选定的图块：从上往下数的行号，或 middle（默认 middle，居中）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the ViT lab&apos;s chosen patch: its column from the left, or middle (default middle)</source>
        <translation>ViT 实验中选定的图块：从左往右数的列号，或 middle（默认 middle，居中）</translation>
    </message>
    <message>
        <location filename="../../ui/views/training/trainingdescriptor.cpp" line="+41"/>
        <source>order | bag: the training lab&apos;s first task (default order: does token A come before B)</source>
        <translation>order | bag：训练实验室的第一个任务（默认 order：词元 A 是否在 B 之前）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>order | bag: the training lab&apos;s second task (default bag: does token A occur)</source>
        <translation>order | bag：训练实验室的第二个任务（默认 bag：词元 A 是否出现）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>scaled_sinu | learned_sinusoidal | learned | none: the training lab&apos;s position term (default scaled_sinu)</source>
        <translation>scaled_sinu | learned_sinusoidal | learned | none：训练实验室的位置项（默认 scaled_sinu）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>add | concat_project | alpha: how the training lab joins position and token (default add)</source>
        <translation>add | concat_project | alpha：训练实验室中位置与词元的合并方式（默认 add）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>float32 | float16 | float64: the training lab&apos;s position term precision (default float32)</source>
        <translation>float32 | float16 | float64：训练实验室位置项的精度（默认 float32）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>float32 | pe: the training lab&apos;s scale kept in float32 or in the PE&apos;s precision (default float32)</source>
        <translation>float32 | pe：训练实验室的缩放因子保持 float32，或用 PE 的精度（默认 float32）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>the training lab&apos;s initial scale, −1000 to 1000 or d^-0.5 (default 1)</source>
        <translation>训练实验室的初始缩放因子，−1000 到 1000 或 d^-0.5（默认 1）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>the training lab&apos;s scale learning rate over the others&apos;, 0.1 to 3 (default 0.2)</source>
        <translation>训练实验室缩放因子的学习率与其他参数之比，0.1 到 3（默认 0.2）</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>step | construction | off: the training lab&apos;s clamp of the scale to its bounds, after every step, once when it is made (the source texts&apos; code), or never (default step)</source>
        <translation>step | construction | off：训练实验室把缩放因子限制在其上下界内：每步之后、只在创建时一次（参考材料的代码），或从不（默认 step）</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>--%1: “%2” must be a number in [-1000, 1000] or d^-0.5</source>
        <translation>--%1：“%2”必须是 [-1000, 1000] 内的数或 d^-0.5</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>the training lab&apos;s random seed (tasks, initial weights and batches), 0 to 2^64-1 (default 1)</source>
        <translation>训练实验室的随机种子（任务样本、初始权重和批次顺序），0 到 2^64-1（默认 1）</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>the training lab&apos;s steps per run, 1 to 100000 (default 300)</source>
        <translation>训练实验室每次训练的步数，1 到 100000（默认 300）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the training lab&apos;s sequence length (and a learned table&apos;s rows), 2 to 64 (default 8)</source>
        <translation>训练实验室的序列长度（也是可学习位置表的行数），2 到 64（默认 8）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the training lab&apos;s vocabulary, 3 to 32 tokens (default 8)</source>
        <translation>训练实验室的词表，3 到 32 个词元（默认 8）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the training lab&apos;s training set, 8 to 8192 examples (default 512)</source>
        <translation>训练实验室的训练集，8 到 8192 个样本（默认 512）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the training lab&apos;s model width d_model, 16 to 128 (default 32)</source>
        <translation>训练实验室的模型宽度 d_model，16 到 128（默认 32）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the training lab&apos;s held-out set, 8 to 2048 examples (default 256)</source>
        <translation>训练实验室的留出集，8 到 2048 个样本（默认 256）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the training lab&apos;s examples per step, 1 to 256; a smaller training set is one batch (default 32)</source>
        <translation>训练实验室每步的样本数，1 到 256；训练集更小时整个训练集为一批（默认 32）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the training lab&apos;s attention layers, 1 or 2 (default 1)</source>
        <translation>训练实验室的注意力层数，1 或 2（默认 1）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>on | off: the training lab&apos;s pre-norm layer norms (default on)</source>
        <translation>on | off：训练实验室的前置层归一化（默认 on）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>the training lab&apos;s learning rate, above 0 up to 1 (default 0.01)</source>
        <translation>训练实验室的学习率，大于 0 且不超过 1（默认 0.01）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>adam | sgd: the training lab&apos;s optimizer (default adam)</source>
        <translation>adam | sgd：训练实验室的优化器（默认 adam）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the training lab&apos;s bounds of the scale, each in [-1000, 1000], LO &lt; HI (default 0.1,2)</source>
        <translation>训练实验室缩放因子的上下界，各在 [-1000, 1000] 内，LO &lt; HI（默认 0.1,2）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>--%1: “%2” is not LO,HI; it must be two numbers in [-1000, 1000] with LO &lt; HI</source>
        <translation>--%1：“%2”不是 LO,HI；它必须是 [-1000, 1000] 内的两个数，且 LO &lt; HI</translation>
    </message>
    <message>
        <location filename="../../app/main.cpp" line="-207"/>
        <source>POSENC_THREADS=%1 is ignored: a whole number from 1 to %2 is expected; %3 threads are used.</source>
        <translation>已忽略 POSENC_THREADS=%1：应为 1 到 %2 之间的整数；现使用 %3 个线程。</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>cannot write a temporary file in %1: %2</source>
        <translation>无法在 %1 中写入临时文件：%2</translation>
    </message>
    <message>
        <location filename="../../ui/views/context/contextdescriptor.cpp" line="+26"/>
        <source>the context-extension lab&apos;s left method: default, linear (Position Interpolation), ntk, dynamic, yarn or llama3 (default yarn)</source>
        <translation>上下文扩展实验的左侧方法：default、linear（位置插值）、ntk、dynamic、yarn 或 llama3（默认 yarn）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the context-extension lab&apos;s right method, as --context-left (default llama3)</source>
        <translation>上下文扩展实验的右侧方法，取值同 --context-left（默认 llama3）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the length L the model was trained on, 1 to 1e9 (default 4096)</source>
        <translation>模型训练时的长度 L，1 到 1e9（默认 4096）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the stretch s: the model reads s·L positions, 1 to 10000 (default 8)</source>
        <translation>拉伸倍数 s：模型读取 s·L 个位置，1 到 10000（默认 8）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the current sequence length dynamic NTK scales from, 0 (s·L) to 1e12 (default 0)</source>
        <translation>动态 NTK 据以缩放的当前序列长度，0（即 s·L）到 1e12（默认 0）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>YaRN&apos;s beta_fast: pairs making more turns within L keep their frequency (default 32)</source>
        <translation>YaRN 的 beta_fast：在 L 内转过更多圈的维度对保持原频率（默认 32）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>YaRN&apos;s beta_slow: pairs making fewer turns within L are divided by s (default 1)</source>
        <translation>YaRN 的 beta_slow：在 L 内转过更少圈的维度对除以 s（默认 1）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>YaRN rounds its ramp&apos;s ends to whole pairs: on or off (default on; gpt-oss: off)</source>
        <translation>YaRN 把过渡带两端取整到整数对：on 或 off（默认 on；gpt-oss 为 off）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>context-high-freq %1 must be above context-low-freq %2</source>
        <translation>context-high-freq %1 必须大于 context-low-freq %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Llama 3.1&apos;s low_freq_factor: wavelengths beyond L / F are divided by s (default 1)</source>
        <translation>Llama 3.1 的 low_freq_factor：波长超过 L / F 的对除以 s（默认 1）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Llama 3.1&apos;s high_freq_factor: wavelengths under L / F are kept (default 4)</source>
        <translation>Llama 3.1 的 high_freq_factor：波长小于 L / F 的对保持不变（默认 4）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>a model&apos;s config.json whose RoPE the context-extension lab shows on the right, on the model&apos;s head dimension, base, L and s (default: none, the lab&apos;s own methods)</source>
        <translation>一个模型的 config.json，上下文扩展实验室在右侧显示它的 RoPE，并采用该模型的头维度、底数、L 和 s（默认：无，使用实验室自己的方法）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>the context-extension lab&apos;s second plot: divisor (each pair&apos;s), turns (within L and the length), decay (RoFormer&apos;s bound against distance), attention (the factor against s) or cache (cached keys&apos; angle error) (default divisor); a single-column figure shows it alone</source>
        <translation>上下文扩展实验室的第二幅图：divisor（每个维度对的除数）、turns（在 L 内和在当前长度内转过的圈数）、decay（RoFormer 随距离的衰减上界）、attention（注意力因子随 s 的变化）或 cache（缓存键的角度误差）（默认 divisor）；单栏图形只显示这一幅</translation>
    </message>
    <message>
        <location filename="../../ui/views/commonoptions.cpp" line="+19"/>
        <source>dimensions of the curves, spectrum and precision views, such as 0-5 or 0,2,64 (default: the sines at 0, 1/8, 1/4 and 1/2 of the frequencies, 0,16,32,64 at d_model 128)</source>
        <translation>曲线、频谱和精度视图的维度，如 0-5 或 0,2,64（默认：位于频率序列 0、1/8、1/4 和 1/2 处的正弦列，d_model 为 128 时是 0,16,32,64）</translation>
    </message>
</context>
<context>
    <name>ContextConfig</name>
    <message>
        <location filename="../../ui/views/context/contextconfig.cpp" line="+31"/>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>a model&apos;s config must be a regular JSON file of at most %1 MiB</source>
        <translation>模型配置必须是不超过 %1 MiB 的普通 JSON 文件</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ContextSeries</name>
    <message>
        <location filename="../../ui/views/context/contextseries.cpp" line="+45"/>
        <source>Divisor of each pair&apos;s frequency</source>
        <translation>各维度对频率的除数</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <location line="+56"/>
        <source>pair index i (0: the fastest)</source>
        <translation>维度对序号 i（0：最快）</translation>
    </message>
    <message>
        <location line="-76"/>
        <source>divisor κ = inv_freq / inv_freq scaled</source>
        <translation>除数 κ = inv_freq / 缩放后 inv_freq</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+57"/>
        <source>s = %1</source>
        <translation>s = %1</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Turns within L, and within %1</source>
        <translation>在 L 内与在 %1 内转过的圈数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>turns = length · inv_freq / 2π</source>
        <translation>圈数 = 长度 · inv_freq / 2π</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>one turn</source>
        <translation>一圈</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>RoFormer&apos;s decay bound</source>
        <translation>RoFormer 的衰减上界</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>relative distance r (positions)</source>
        <translation>相对距离 r（位置数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(1/(d/2)) Σ_j |S_j(r)|</source>
        <translation>(1/(d/2)) Σ_j |S_j(r)|</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>L = %1</source>
        <translation>L = %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>length %1</source>
        <translation>长度 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Logits × attention factor²</source>
        <translation>logits × 注意力因子²</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stretch s</source>
        <translation>拉伸倍数 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>logits × (attention factor)²</source>
        <translation>logits × (注意力因子)²</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Angle error of cached keys</source>
        <translation>缓存键的角度误差</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>largest |p · (θ(l) − θ(p + 1))| (rad)</source>
        <translation>最大 |p · (θ(l) − θ(p + 1))|（弧度）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: none (fixed frequencies)</source>
        <translation>%1：无（频率固定）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>π: a half turn</source>
        <translation>π：半圈</translation>
    </message>
</context>
<context>
    <name>CurvesText</name>
    <message>
        <location filename="../../ui/views/curves/curvestext.cpp" line="+20"/>
        <source>The curves view draws no curve: none of the chosen dimensions (%1) lies below d_model = %2.</source>
        <translation>曲线视图没有画出曲线：所选的维度（%1）都不小于 d_model = %2。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The curves view plots dimension %1 of PE against position, over the %2 positions from %3 to %4, with a dot at each integer position.</source>
        <translation>曲线视图画出 PE 的第 %1 维随位置的变化，范围是从 %3 到 %4 的 %2 个位置，每个整数位置上有一个点。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The curves view plots %1 dimensions of PE (%2) against position, over the %3 positions from %4 to %5, with dots at the integer positions.</source>
        <translation>曲线视图画出 PE 的 %1 个维度（%2）随位置的变化，范围是从 %4 到 %5 的 %3 个位置，整数位置上画有圆点。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The fastest of them is column %1 and the slowest column %2.</source>
        <translation>其中变化最快的是第 %1 列，最慢的是第 %2 列。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Every curve stays between −scale and scale, here %1 and %2.</source>
        <translation>每条曲线都在 −scale 与 scale 之间，这里即 %1 与 %2 之间。</translation>
    </message>
</context>
<context>
    <name>DataExport</name>
    <message>
        <location filename="../../ui/export/dataexport.cpp" line="+94"/>
        <source>unknown view “%1”; data can be exported from: %2</source>
        <translation>未知视图“%1”；可以导出数据的视图：%2</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>%1: unknown data format “.%2”; use .npy or .csv</source>
        <translation>%1：未知数据格式“.%2”；请使用 .npy 或 .csv</translation>
    </message>
</context>
<context>
    <name>DataTable</name>
    <message>
        <location filename="../../ui/views/curves/curvesdescriptor.cpp" line="+29"/>
        <location filename="../../ui/views/heatmap/heatmapdescriptor.cpp" line="+58"/>
        <source>dimension %1 is outside [0, %2] (d_model − 1)</source>
        <translation>维度 %1 超出 [0, %2]（d_model − 1）</translation>
    </message>
    <message>
        <location filename="../../ui/views/similarity/similaritydescriptor.cpp" line="+40"/>
        <source>similarity: the [seq_len, seq_len] array is exported up to seq_len = %1; got %2</source>
        <translation>similarity：[seq_len, seq_len] 数组最多只能导出到 seq_len = %1；实际为 %2</translation>
    </message>
</context>
<context>
    <name>DescriptionText</name>
    <message>
        <location filename="../../ui/views/descriptiontext.cpp" line="+101"/>
        <source>Column %1 is the zero column that the split layout appends for odd d_model: it is 0 at every position.</source>
        <translation>第 %1 列是 d_model 为奇数时分块布局补上的零列：在每个位置上都是 0。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Column %1 (the sine of pair %2) has wavelength %3 positions, longer than the %4 positions shown: over the sequence it completes less than one cycle.</source>
        <translation>第 %1 列（维度对 %2 的正弦）的波长为 %3 个位置，比显示的 %4 个位置更长：在整个序列上它转不满一个周期。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Column %1 (the cosine of pair %2) has wavelength %3 positions, longer than the %4 positions shown: over the sequence it completes less than one cycle.</source>
        <translation>第 %1 列（维度对 %2 的余弦）的波长为 %3 个位置，比显示的 %4 个位置更长：在整个序列上它转不满一个周期。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Column %1 (the sine of pair %2) has wavelength %3 positions and completes %4 cycles over the %5 positions shown.</source>
        <translation>第 %1 列（维度对 %2 的正弦）的波长为 %3 个位置，在显示的 %5 个位置上完成 %4 个周期。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Column %1 (the cosine of pair %2) has wavelength %3 positions and completes %4 cycles over the %5 positions shown.</source>
        <translation>第 %1 列（维度对 %2 的余弦）的波长为 %3 个位置，在显示的 %5 个位置上完成 %4 个周期。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Lines mark position %1 (pos) and position %2 (pos + k).</source>
        <translation>标记线位于位置 %1（pos）和位置 %2（pos + k）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A line marks position %1 (pos); pos + k = %2 lies outside the positions shown.</source>
        <translation>标记线位于位置 %1（pos）；pos + k = %2 在显示的位置范围之外。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A line marks position %1 (pos + k); pos = %2 lies outside the positions shown.</source>
        <translation>标记线位于位置 %1（pos + k）；pos = %2 在显示的位置范围之外。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The marked positions pos = %1 and pos + k = %2 both lie outside the positions shown.</source>
        <translation>标记的位置 pos = %1 和 pos + k = %2 都在显示的位置范围之外。</translation>
    </message>
</context>
<context>
    <name>DimensionList</name>
    <message>
        <location filename="../../ui/state/dimensionlist.cpp" line="+19"/>
        <source>dimensions: give at least one, such as 0-5 or 0, 2, 64</source>
        <translation>维度：请至少给出一个，例如 0-5 或 0, 2, 64</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>dimensions: “%1” is neither a number nor a range a-b</source>
        <translation>维度：“%1”既不是数字，也不是 a-b 形式的范围</translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+7"/>
        <location line="+4"/>
        <location filename="../../ui/views/commonoptions.cpp" line="+51"/>
        <source>dimensions must lie in [0, %1] (d_model − 1)</source>
        <translation>维度必须位于 [0, %1] 内（d_model − 1）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>dimensions: the range %1-%2 runs backwards</source>
        <translation>维度：范围 %1-%2 是倒序的</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>dimensions: at most %1 curves at once</source>
        <translation>维度：一次最多显示 %1 条曲线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dimensions: at most %1 at once</source>
        <translation>维度：一次最多 %1 个</translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <location filename="../../ui/export/figureexport.cpp" line="+338"/>
        <source>PosEnc Lab: %1</source>
        <translation>PosEnc Lab：%1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>invalid parameters</source>
        <translation>参数无效</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>unknown view “%1”</source>
        <translation>未知视图“%1”</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>This %1 x %2 mm page leaves out %3 for want of room: a larger page or smaller text shows everything.</source>
        <translation>这张 %1 x %2 mm 的页面没有足够的空间，略去了以下内容：%3。更大的页面或更小的文字能显示全部内容。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+40"/>
        <source>cannot paint a %1x%2 image</source>
        <translation>无法绘制 %1x%2 的图像</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>not enough memory for the colour map of a %1 x %2-dot page; lower --dpi or the page size</source>
        <translation>内存不足，无法容纳 %1 × %2 点页面的色图；请降低 --dpi 或缩小页面</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>cannot encode %1 as PNG</source>
        <translation>无法将 %1 编码为 PNG</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>cannot paint the SVG</source>
        <translation>无法绘制 SVG</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>cannot paint the PDF</source>
        <translation>无法绘制 PDF</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>-o: unknown figure format “.%1”; use .png, .svg or .pdf</source>
        <translation>-o：未知图形格式“.%1”；请使用 .png、.svg 或 .pdf</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot paint the figure: a paint device of it did not start (too large for memory?)</source>
        <translation>无法绘制图形：它的一个绘图设备未能启动（内存不足以容纳？）</translation>
    </message>
    <message>
        <location filename="../../ui/views/context/contextview.cpp" line="+173"/>
        <source>the plot of the pairs’ wavelengths</source>
        <translation>各维度对波长的图</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationview.cpp" line="+157"/>
        <source>the clocks of every pair and M_k’s heatmap</source>
        <translation>各维度对的时钟和 M_k 的热力图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the equations of M_k and M_k’s heatmap</source>
        <translation>M_k 的等式和 M_k 的热力图</translation>
    </message>
    <message>
        <location filename="../../ui/views/spectrum/spectrumview.cpp" line="+224"/>
        <source>the spectra of the chosen dimensions</source>
        <translation>所选维度的频谱</translation>
    </message>
    <message>
        <location filename="../../ui/views/training/trainingview.cpp" line="+276"/>
        <source>the norm ratio and the two attention maps</source>
        <translation>范数比和两幅注意力图</translation>
    </message>
    <message>
        <location filename="../../ui/views/check/checkview.cpp" line="+492"/>
        <source>the plot of the file’s principal components</source>
        <translation>文件主成分的图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the plot of the file’s frequencies</source>
        <translation>文件各频率的图</translation>
    </message>
</context>
<context>
    <name>FileErrorText</name>
    <message>
        <location filename="../../ui/views/fileerrortext.cpp" line="+26"/>
        <source>the file is empty</source>
        <translation>文件是空的</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the file is neither .npy nor text (it holds NUL bytes)</source>
        <translation>文件既不是 .npy 也不是文本（其中含有 NUL 字节）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the file holds no numbers</source>
        <translation>文件中没有数字</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the file has %1 bytes; at most 512 MiB are accepted</source>
        <translation>文件有 %1 字节；最多接受 512 MiB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not a .npy file: it does not start with \x93NUMPY</source>
        <translation>不是 .npy 文件：它不以 \x93NUMPY 开头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>npy format version %1.%2 is not accepted; versions 1.0, 2.0 and 3.0 are</source>
        <translation>不接受 npy 格式版本 %1.%2；只接受 1.0、2.0 和 3.0 版</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy: the file ends inside the header length</source>
        <translation>.npy 格式错误：文件在头部长度字段之内就结束了</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy: the header is said to have %1 bytes but the file ends before</source>
        <translation>.npy 格式错误：头部声称有 %1 字节，但文件在此之前就结束了</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dtype &apos;%1&apos; is not accepted</source>
        <translation>不接受数据类型（dtype）“%1”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the array has shape %1 (%2-D); a 2-D matrix [positions, dimensions] or its transpose is needed</source>
        <translation>数组的形状是 %1（%2 维）；需要一个二维矩阵 [位置, 维度] 或它的转置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the array has shape %1; only 2-D, or 3-D with a leading axis of 1, is accepted</source>
        <translation>数组的形状是 %1；只接受二维数组，或第一个轴长度为 1 的三维数组</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the array has shape %1: it is empty</source>
        <translation>数组的形状是 %1：它是空的</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the array has shape %1, more than 2^26 = 67108864 numbers</source>
        <translation>数组的形状是 %1，超过 2^26 = 67108864 个数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy: shape %1 needs %2 bytes of data but the file has %3</source>
        <translation>.npy 格式错误：形状 %1 需要 %2 字节的数据，但文件只有 %3 字节</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the file holds %1 at row %2, column %3 (counted from 0); only finite numbers are accepted</source>
        <translation>文件在第 %2 行、第 %3 列（从 0 开始计数）含有 %1；只接受有限的数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the file holds %1 at line %2, column %3 (both counted from 1); only finite numbers are accepted</source>
        <translation>文件在第 %2 行、第 %3 列（均从 1 开始计数）含有 %1；只接受有限的数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ragged rows: line %1 has %2 fields where line %3 has %4; every row needs the same number of columns</source>
        <translation>各行长短不一：第 %1 行有 %2 个字段，而第 %3 行有 %4 个；每一行的列数必须相同</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the file holds more than 2^26 = 67108864 numbers</source>
        <translation>文件中的数超过 2^26 = 67108864 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>line %1, field %2: &apos;%3&apos; is not a number; text files must hold numbers only (one header line allowed)</source>
        <translation>第 %1 行第 %2 个字段：“%3”不是数字；文本文件只能包含数字（允许有一行表头）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>malformed .npy header: it does not start with &apos;{&apos;</source>
        <translation>.npy 头部格式错误：它不以“{”开头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy header: a key is not a quoted string</source>
        <translation>.npy 头部格式错误：有一个键不是带引号的字符串</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy header: no &apos;:&apos; after key &apos;%1&apos;</source>
        <translation>.npy 头部格式错误：键“%1”后面没有“:”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy header: descr is a structured dtype (a list of fields)</source>
        <translation>.npy 头部格式错误：descr 是结构化数据类型（字段列表）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy header: descr is not a quoted string</source>
        <translation>.npy 头部格式错误：descr 不是带引号的字符串</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy header: fortran_order is not True or False</source>
        <translation>.npy 头部格式错误：fortran_order 既不是 True 也不是 False</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy header: shape is not a tuple of non-negative integers</source>
        <translation>.npy 头部格式错误：shape 不是由非负整数组成的元组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy header: unknown key &apos;%1&apos;</source>
        <translation>.npy 头部格式错误：未知的键“%1”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy header: no &apos;,&apos; or &apos;}&apos; after a value</source>
        <translation>.npy 头部格式错误：某个值后面既没有“,”也没有“}”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed .npy header: it lacks one of &apos;descr&apos;, &apos;fortran_order&apos;, &apos;shape&apos;</source>
        <translation>.npy 头部格式错误：缺少“descr”“fortran_order”“shape”中的某一项</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>NaN</source>
        <translation>NaN（非数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>infinity</source>
        <translation>无穷大</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1; accepted: .npy float16, float32 or float64 (&lt;f2 &lt;f4 &lt;f8 &gt;f2 &gt;f4 &gt;f8), 2-D or 3-D with a leading axis of 1, or text of numbers</source>
        <translation>%1；可接受的是：float16、float32 或 float64 的 .npy 文件（&lt;f2 &lt;f4 &lt;f8 &gt;f2 &gt;f4 &gt;f8），二维，或第一个轴长度为 1 的三维；或者由数字组成的文本</translation>
    </message>
</context>
<context>
    <name>FindingText</name>
    <message>
        <location filename="../../ui/views/findingtext.cpp" line="+119"/>
        <source>The frequencies are the ladder at base %1 = %2²: the exponent is doubled (10000 ** (2 * i / d) with i already stepping by 2).</source>
        <translation>频率是底数 %1 = %2² 下的频率阶梯：指数翻倍了（10000 ** (2 * i / d)，而 i 本身已经每次加 2）。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The fitted frequencies form steps, not a geometric ladder: %1 channels repeat the frequency of the previous one and %2 are 0, as when w_k or its exponent is truncated to an integer.</source>
        <translation>拟合出的频率呈台阶状，而不是等比阶梯：%1 个通道重复了前一个通道的频率，%2 个为 0，就像 w_k 或它的指数被截断为整数时那样。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Every channel has the same frequency %1: the exponent is 0 for all pairs (an integer division 2i // d, or i not used).</source>
        <translation>每个通道的频率都是 %1：所有维度对的指数都是 0（用了整数除法 2i // d，或者没有用到 i）。</translation>
    </message>
    <message numerus="yes">
        <location line="+27"/>
        <source>Sin and cos are swapped in %n column(s): the cosine is where the sine should be.</source>
        <translation>
            <numerusform>有 %n 列的 sin 和 cos 互换了：余弦出现在应当是正弦的位置。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n cosine column(s) hold the same values as their sine column: sin was written where cos should be.</source>
        <translation>
            <numerusform>%n 个余弦列与对应的正弦列取值相同：应当写 cos 的地方写成了 sin。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n cosine column(s) are cos(sin(pos · w_k)): the cosine was taken of the sine already computed.</source>
        <translation>
            <numerusform>%n 个余弦列是 cos(sin(pos · w_k))：余弦取的是已算出的正弦值，而不是角度。</numerusform>
        </translation>
    </message>
    <message>
        <location line="-32"/>
        <source>The ladder is base^(−2k/%1) where d_model is %2 (the paper&apos;s form at base %3): the exponent divides by the wrong d.</source>
        <translation>频率阶梯是 base^(−2k/%1)，而 d_model 是 %2（相当于底数 %3 下的论文形式）：指数除以了错误的 d。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The frequencies grow along the channels (w_last / w_0 = %1) instead of falling to 1/base: pos · base^(2k/d) was computed where pos / base^(2k/d) is meant.</source>
        <translation>频率沿通道增大（w_last / w_0 = %1），而不是降到 1/base：本应计算 pos / base^(2k/d)，却算成了 pos · base^(2k/d)。</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>This is not a sinusoidal encoding: only %1% of the columns are sinusoids of the position (a learned table, random numbers, or another encoding).</source>
        <translation>这不是正弦编码：只有 %1% 的列是位置的正弦函数（可能是学习得到的表、随机数或其他编码）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No published convention reproduces the matrix and no known bug explains it: the largest difference is %1.</source>
        <translation>没有任何已发表的约定能重现这个矩阵，也没有已知的错误能解释它：最大差值为 %1。</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>The frequencies are a geometric ladder at base %1, not %2; if that base is meant, the file is right.</source>
        <translation>频率是底数 %1 下的等比阶梯，而不是底数 %2；如果本意就是这个底数，文件就是对的。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Positions advance by %1 per row instead of 1: the positions are multiplied by a factor.</source>
        <translation>位置每行前进 %1，而不是 1：位置被乘上了一个系数。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Row 0 is all zeros, but PE(start) has cos = scale in every cosine column: position 0 was zeroed as padding, so the first token gets no position.</source>
        <translation>第 0 行全为零，但 PE(start) 在每个余弦列中都有 cos = scale：位置 0 被当作填充置零了，于是第一个词元得不到位置信息。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 rows are all zeros (the first is row %2); a sinusoidal encoding has no zero row.</source>
        <translation>有 %1 行全为零（第一行是第 %2 行）；正弦编码中没有全零的行。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Row 0 is position %1.</source>
        <translation>第 0 行是位置 %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Positions count down by 1 per row, from %1 (Transformer-XL&apos;s relative positions).</source>
        <translation>位置从 %1 开始每行减 1（Transformer-XL 的相对位置）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The amplitude is %1 instead of 1.</source>
        <translation>振幅是 %1，而不是 1。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Every value is a %1 number, stored as %2.</source>
        <translation>每个值都是 %1 数，存储为 %2。</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>The file is channel-first: dimensions run along its first axis, positions along the second.</source>
        <translation>文件是通道在前的：维度沿第一个轴，位置沿第二个轴。</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Cos fills the first half and sin the second (diffusers&apos; flip_sin_to_cos).</source>
        <translation>cos 占前一半，sin 占后一半（diffusers 的 flip_sin_to_cos）。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Row %1 is all zeros: the row of a padding index, as fairseq zeroes padding_idx in the table it stores; it is never looked up.</source>
        <translation>第 %1 行全为零：这是填充索引所在的行，fairseq 会在它存储的表中把 padding_idx 置零；这一行从不会被查用。</translation>
    </message>
    <message>
        <location line="+131"/>
        <location line="+4"/>
        <source>keep PE(pos) for every row; mask padding tokens instead of zeroing their encoding</source>
        <translation>每一行都保留 PE(pos)；用掩码屏蔽填充词元，而不是把它们的编码置零</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>angle = pos · w_k with pos = 0, 1, 2, … (integers, not scaled)</source>
        <translation>角度 = pos · w_k，其中 pos = 0, 1, 2, …（整数，不缩放）</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>sin in the sine column of each pair, cos in its cosine column</source>
        <translation>每一对的正弦列放 sin，余弦列放 cos</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PE[pos, cosine column of pair k] = cos(pos · w_k)</source>
        <translation>PE[pos, 第 k 对的余弦列] = cos(pos · w_k)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PE[pos, cosine column of pair k] = cos(pos · w_k), from the angle, not from PE</source>
        <translation>PE[pos, 第 k 对的余弦列] = cos(pos · w_k)，由角度计算，而不是由 PE 计算</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>one w_k = base^(−2k/d) per pair k, used by both sin and cos</source>
        <translation>每个维度对 k 只用一个 w_k = base^(−2k/d)，sin 和 cos 共用</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>w_k = base^(−2k/d) with 2k/d a real division</source>
        <translation>w_k = base^(−2k/d)，其中 2k/d 用实数除法</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>compute w_k = exp(−2k ln(base) / d) in floating point (arange(...).float())</source>
        <translation>用浮点数计算 w_k = exp(−2k ln(base) / d)（arange(...).float()）</translation>
    </message>
    <message>
        <location line="-280"/>
        <source>a low precision</source>
        <translation>低精度</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the rotary cache</source>
        <translation>RoPE 旋转缓存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the paper convention</source>
        <translation>论文的约定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the tensor2tensor convention</source>
        <translation>tensor2tensor 的约定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the convention identified</source>
        <translation>识别出的约定</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The file matches %1 up to a residual of RMS %2 (largest %3), at the level of the file&apos;s precision (allowed %4).</source>
        <translation>文件与%1相符，只差一个均方根为 %2 的残差（最大 %3），处于文件精度的水平（允许 %4）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The file matches %1 up to a residual of RMS %2 (largest %3), above the file&apos;s precision (allowed %4).</source>
        <translation>文件与%1相符，只差一个均方根为 %2 的残差（最大 %3），超出了文件的精度（允许 %4）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The file matches %1 up to a residual of RMS %2 (largest %3), within --atol (allowed %4).</source>
        <translation>文件与%1相符，只差一个均方根为 %2 的残差（最大 %3），在 --atol 允许的范围之内（允许 %4）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The file matches %1 up to a residual of RMS %2 (largest %3), beyond --atol (allowed %4).</source>
        <translation>文件与%1相符，只差一个均方根为 %2 的残差（最大 %3），超出了 --atol 允许的范围（允许 %4）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>It concentrates in columns %1.</source>
        <translation>残差集中在第 %1 列。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>a cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>a sine</source>
        <translation>正弦</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>interleaved (each θ twice in a row)</source>
        <translation>interleaved（每个 θ 连续出现两次）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rotate_half ([θ | θ])</source>
        <translation>rotate_half（[θ | θ]）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every column is %1 of the RoPE angles: a rotary cache of layout %2, rotary dimension %3, whose frequencies are no geometric ladder (a scaled RoPE) — not a sin/cos encoding with a bug.</source>
        <translation>每一列都是 RoPE 角度的%1：这是一个 RoPE 旋转缓存，布局为 %2，旋转维度为 %3，其频率不构成等比阶梯（经过缩放的 RoPE）——并不是带错误的 sin/cos 编码。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every column is %1 of the RoPE angles: a rotary cache of layout %2, base %3, rotary dimension %4 — not a sin/cos encoding with a bug.</source>
        <translation>每一列都是 RoPE 角度的%1：这是一个 RoPE 旋转缓存，布局为 %2，底数为 %3，旋转维度为 %4——并不是带错误的 sin/cos 编码。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No sinusoidal structure: a learned table. The first two principal components hold %1% of the variance and trace a circle against position; a sinusoid fits %2 of the %3 columns.</source>
        <translation>没有正弦结构：这是一张学习得到的表。前两个主成分占方差的 %1%，随位置画出一个圆；%3 列中有 %2 列能用正弦曲线拟合。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No sinusoidal structure: a learned table. The first two principal components hold %1% of the variance and trace a helix against position; a sinusoid fits %2 of the %3 columns.</source>
        <translation>没有正弦结构：这是一张学习得到的表。前两个主成分占方差的 %1%，随位置画出一条螺旋线；%3 列中有 %2 列能用正弦曲线拟合。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No sinusoidal structure: a learned table. The first two principal components hold %1% of the variance and trace neither a circle nor a helix against position; a sinusoid fits %2 of the %3 columns.</source>
        <translation>没有正弦结构：这是一张学习得到的表。前两个主成分占方差的 %1%，随位置既画不出圆，也画不出螺旋线；%3 列中有 %2 列能用正弦曲线拟合。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The cosine of a pair runs at another frequency than its sine: w_cos / w_sin = %1 (= %2^(−1/%3); a cosine one column further along the ladder than its sine gives exactly %2^(−%4/%5) = %6): the exponent counts columns, not pairs.</source>
        <translation>同一对中余弦的频率与正弦不同：w_cos / w_sin = %1（= %2^(−1/%3)；在频率阶梯上比正弦多走一列的余弦，比值恰为 %2^(−%4/%5) = %6）：指数按列计数，而不是按维度对计数。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The cosine of a pair runs at another frequency than its sine: w_cos / w_sin = %1 (= %2^(−1/%3)); the exponent counts columns, not pairs.</source>
        <translation>同一对中余弦的频率与正弦不同：w_cos / w_sin = %1（= %2^(−1/%3)）；指数按列计数，而不是按维度对计数。</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Cos is in the even columns and sin in the odd ones: sin and cos are swapped.</source>
        <translation>cos 在偶数列，sin 在奇数列：sin 和 cos 互换了。</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Row 0 is position 2 (fairseq starts at padding_idx + 1 = 2).</source>
        <translation>第 0 行是位置 2（fairseq 从 padding_idx + 1 = 2 开始）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The amplitude is %1 instead of 1: d_model^−0.5, as x-transformers&apos; ScaledSinusoidalEmbedding starts.</source>
        <translation>振幅是 %1，而不是 1：即 d_model^−0.5，x-transformers 的 ScaledSinusoidalEmbedding 就从这个值开始。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The positions were rounded to %1 before the sine: past %2 neighbouring positions share a value (error up to %3).</source>
        <translation>位置在取正弦之前被舍入为 %1：超过 %2 之后，相邻的位置会共用同一个值（误差最大为 %3）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Positions, frequencies and angles were computed in %1: the phase error grows as pos · w (error up to %2).</source>
        <translation>位置、频率和角度都是以 %1 计算的：相位误差随 pos · w 增大（误差最大为 %2）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Every value is a number of a lower precision than the %1 it is stored as.</source>
        <translation>每个值的精度都低于存储它所用的 %1。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The matrix is too small to identify an encoding in it: fewer than 2 consecutive rows hold a number that is not zero (numbers below 1e-150 count as zero: their squares are lost to rounding).</source>
        <translation>矩阵太小，无法从中识别出编码：不为零的连续行少于 2 行（小于 1e-150 的数按零计：它们的平方会在舍入中丢失）。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>w_k = base^(−2k/d) with k the pair index (or i / d with i = 0, 2, 4, …)</source>
        <translation>w_k = base^(−2k/d)，k 为维度对的序号（或写成 i / d，其中 i = 0, 2, 4, …）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>w_k = base^(−2k/d_model) with d_model = %1</source>
        <translation>w_k = base^(−2k/d_model)，其中 d_model = %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>angle = pos / base^(2k/d) = pos · base^(−2k/d)</source>
        <translation>角度 = pos / base^(2k/d) = pos · base^(−2k/d)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>w_k = %1^(−2k/d), the base meant</source>
        <translation>w_k = %1^(−2k/d)，即本意的底数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>PE[pos, 2k] = sin(pos · w_k), PE[pos, 2k+1] = cos(pos · w_k)</source>
        <translation>PE[pos, 2k] = sin(pos · w_k)，PE[pos, 2k+1] = cos(pos · w_k)</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+5"/>
        <source>compute positions and angles in float32 or float64 and cast only the result to %1</source>
        <translation>用 float32 或 float64 计算位置和角度，只把最终结果转换为 %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>note</source>
        <translation>说明</translation>
    </message>
</context>
<context>
    <name>HeatmapText</name>
    <message>
        <location filename="../../ui/views/heatmap/heatmaptext.cpp" line="+21"/>
        <source>The heatmap shows the positional encoding PE of the single position %1 across %2 dimensions, with base %3 and scale %4.</source>
        <translation>热力图显示单个位置 %1 的位置编码 PE，共 %2 个维度，base 为 %3，scale 为 %4。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The heatmap shows the positional encoding PE for %1 positions (%2 to %3, one row each) and %4 dimensions (one column each), with base %5 and scale %6.</source>
        <translation>热力图显示 %1 个位置（%2 到 %3，每个位置一行）、%4 个维度（每个维度一列）的位置编码 PE，base 为 %5，scale 为 %6。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Values range from %1 to %2.</source>
        <translation>数值范围为 %1 到 %2。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>pos = %1, dimension %2</source>
        <translation>pos = %1，维度 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This column is the zero column the split layout appends for odd d_model.</source>
        <translation>当 d_model 为奇数时，分块布局会在末尾补上一个零列，这一列就是它。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PE(%1, %2) = 0</source>
        <translation>PE(%1, %2) = 0</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cos of pair i = %1</source>
        <translation>维度对 i = %1 的 cos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sin of pair i = %1 (no cos partner: d_model is odd)</source>
        <translation>维度对 i = %1 的 sin（没有对应的 cos：d_model 为奇数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sin of pair i = %1</source>
        <translation>维度对 i = %1 的 sin</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>angle = pos · w_%1 = %2 × %3 = %4 rad</source>
        <translation>角度 = pos · w_%1 = %2 × %3 = %4 rad</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PE(%1, %2) = scale · %3(angle) = %4 × %3(%5) = %6</source>
        <translation>PE(%1, %2) = scale · %3(角度) = %4 × %3(%5) = %6</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>This pixel of the heatmap is a mean, not one cell: the mean of PE over positions %1 … %2 and dimensions %3 … %4 (%5 cells) = %6.</source>
        <translation>热图的这个像素是平均值，而不是单个单元格：PE 在位置 %1 … %2、维度 %3 … %4 上（共 %5 个单元格）的平均值 = %6。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The matrix has more cells than the plot has pixels; one cell of every box would draw stripes that are not in the encoding. Zoom in to see every cell.</source>
        <translation>矩阵的单元格比图中的像素多；若每个方块只取一个单元格，就会画出编码中并不存在的条纹。放大即可看到每个单元格。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cell under the pointer:</source>
        <translation>指针下的单元格：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The layout is interleaved: column 2i holds the sine of pair i and column 2i + 1 its cosine.</source>
        <translation>布局为交错式：第 2i 列是维度对 i 的正弦，第 2i + 1 列是它的余弦。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The layout is split: columns %1 to %2 hold the sines and columns %3 to %4 the cosines.</source>
        <translation>布局为分块式：第 %1 到 %2 列是正弦，第 %3 到 %4 列是余弦。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Column %1 is the sine of the last frequency and has no cosine partner, because d_model is odd.</source>
        <translation>第 %1 列是最后一个频率的正弦；由于 d_model 为奇数，它没有配对的余弦。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The last column, %1, is zero: with an odd d_model the split layout has no pair for it.</source>
        <translation>最后一列（第 %1 列）为零：d_model 为奇数时，分块布局没有与它对应的维度对。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The frequencies follow the paper, w_i = base^(−2i/d_model): the wavelengths grow geometrically from 2π towards 2π · base.</source>
        <translation>频率采用论文的公式 w_i = base^(−2i/d_model)：波长从 2π 起按等比数列增长，趋近 2π · base。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The frequencies follow tensor2tensor, w_i = exp(−i · ln(base)/(n − 1)): the wavelengths grow geometrically from 2π to exactly 2π · base.</source>
        <translation>频率采用 tensor2tensor 的公式 w_i = exp(−i · ln(base)/(n − 1))：波长从 2π 起按等比数列增长，恰好到 2π · base。</translation>
    </message>
</context>
<context>
    <name>ParamText</name>
    <message>
        <location filename="../../ui/state/paramtext.cpp" line="+18"/>
        <source>%1 must be an integer in %2</source>
        <translation>%1 必须是 %2 内的整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>start must be a finite number in [-1e9, 1e9], and so must start + seq_len - 1</source>
        <translation>start 必须是 [-1e9, 1e9] 内的有限数值，start + seq_len - 1 也必须如此</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 must be a finite number in %2</source>
        <translation>%1 必须是 %2 内的有限数值</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: “%2” is not a number</source>
        <translation>%1：“%2”不是数字</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>split [sin | cos]</source>
        <translation>分块 [sin | cos]</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>interleaved sin, cos</source>
        <translation>交错 sin, cos</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>tensor2tensor (last w = 1/base)</source>
        <translation>tensor2tensor（最后一个 w = 1/base）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paper: base^(−2i/d)</source>
        <translation>论文：base^(−2i/d)</translation>
    </message>
</context>
<context>
    <name>PlotZoom</name>
    <message>
        <location filename="../../ui/widgets/plotzoom.cpp" line="+120"/>
        <source>Reset &amp;Zoom</source>
        <translation>重置缩放(&amp;Z)</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>wheel: zoom, drag: pan, double-click: reset</source>
        <translation>滚轮：缩放，拖动：平移，双击：复原</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Right-click a plot for Reset Zoom; Reset All resets every zoom too.</source>
        <translation>右键单击图可选择“重置缩放”；“全部重置”也会重置所有缩放。</translation>
    </message>
</context>
<context>
    <name>PresetFile</name>
    <message>
        <location filename="../../ui/export/preset.cpp" line="+51"/>
        <source>%1: %2 is not a title; a title is text of 1 to %3 characters on one line</source>
        <translation>%1：%2 不是标题；标题是一行 1 到 %3 个字符的文字</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1: unknown key; known keys are %2</source>
        <translation>%1：未知的键；可用的键为 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 is not one of %3</source>
        <translation>%1：%2 不是 %3 之一</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 must be an integer in [%2, %3]</source>
        <translation>%1 必须是 [%2, %3] 内的整数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 must be a number in [%2, %3]</source>
        <translation>%1 必须是 [%2, %3] 内的数值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 is not an integer; %3</source>
        <translation>%1：%2 不是整数；%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 is not a number; %3</source>
        <translation>%1：%2 不是数值；%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+354"/>
        <source>%1: %2 is out of range; %3</source>
        <translation>%1：%2 超出范围；%3</translation>
    </message>
    <message>
        <location line="-329"/>
        <source>%1: give either size or width_mm and height_mm, not both</source>
        <translation>%1：size 与 width_mm、height_mm 只能二选一，不能同时给出</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: missing; give width_mm and height_mm together, each in [%2, %3]</source>
        <translation>%1：缺失；width_mm 和 height_mm 必须同时给出，各自位于 [%2, %3] 内</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1: must be true or false</source>
        <translation>%1：必须是 true 或 false</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+27"/>
        <source>%1: %2 is not an object</source>
        <translation>%1：%2 不是 JSON 对象</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: missing; one of %2</source>
        <translation>%1：缺失；应为 %2 之一</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>file must be a file name without a folder or control characters, ending in .png, .svg, .pdf, .npy or .csv</source>
        <translation>file 必须是不含文件夹和控制字符、以 .png、.svg、.pdf、.npy 或 .csv 结尾的文件名</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: missing; %2</source>
        <translation>%1：缺失；%2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: %2 is not a valid file name; %3</source>
        <translation>%1：%2 不是有效的文件名；%3</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1: only for data; file names a figure, not a .npy or .csv</source>
        <translation>%1：仅用于数据；file 指定的是图形，而不是 .npy 或 .csv</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: only for figures; file names data (.npy or .csv)</source>
        <translation>%1：仅用于图形；file 指定的是数据（.npy 或 .csv）</translation>
    </message>
    <message>
        <location line="+155"/>
        <source>view_options.%1 of the preset names dimension %2, which needs d_model &gt; %2</source>
        <translation>预设的 view_options.%1 含有维度 %2，需要 d_model &gt; %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>a preset must be a regular file of at most %1 MiB</source>
        <translation>预设必须是不超过 %1 MiB 的普通文件</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>not valid JSON at character %1: %2</source>
        <translation>第 %1 个字符处不是有效的 JSON：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not a preset: the file holds no JSON object</source>
        <translation>不是预设：文件中没有 JSON 对象</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>format: missing; a preset starts with &quot;format&quot;: &quot;%1&quot;</source>
        <translation>format：缺失；预设文件以 &quot;format&quot;: &quot;%1&quot; 开头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>format: %1 is not a format this version reads; it reads &quot;%2&quot;</source>
        <translation>format：本版本无法读取格式 %1；它读取的是 &quot;%2&quot;</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1: %2 is not a list</source>
        <translation>%1：%2 不是列表</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: &quot;%2&quot; is already the file of an earlier figure</source>
        <translation>%1：&quot;%2&quot; 已是前面某个图形的文件</translation>
    </message>
</context>
<context>
    <name>Progress</name>
    <message>
        <location filename="../../app/progress.cpp" line="+27"/>
        <source>about %1 s left</source>
        <translation>约剩 %1 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>about %1 min left</source>
        <translation>约剩 %1 分钟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>about %1 h %2 min left</source>
        <translation>约剩 %1 小时 %2 分钟</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: step %2 of %3 (%4 %), %5</source>
        <translation>%1：第 %2 步，共 %3 步（%4 %），%5</translation>
    </message>
</context>
<context>
    <name>QWidgetTextControl</name>
    <message>
        <location filename="../../ui/widgets/richtextlabel.cpp" line="+373"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Select All</source>
        <translation>全选</translation>
    </message>
</context>
<context>
    <name>RopeCommand</name>
    <message>
        <location filename="../../app/ropecommand.cpp" line="+59"/>
        <source>%1 of %2 pairs kept, %3 divided by s, %4 in between</source>
        <translation>%2 对中 %1 对保持不变，%3 对除以 s，%4 对介于两者之间</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The current sequence length.</source>
        <translation>当前序列长度。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The layer type of per-layer rope_parameters.</source>
        <translation>按层类型给出的 rope_parameters 中要读取的层类型。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One JSON object on stdout.</source>
        <translation>在标准输出上输出一个 JSON 对象。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The language of the messages.</source>
        <translation>消息的语言。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This help.</source>
        <translation>本帮助。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Usage: posenc-lab rope CONFIG.json [--seq-len N] [--layer-type NAME] [--json]
Reads a Hugging Face model&apos;s config.json as transformers reads it (rope_theta, head_dim or
hidden_size / num_attention_heads, partial_rotary_factor, rope_scaling or rope_parameters)
and prints every rotary pair&apos;s frequency before and after the model&apos;s context extension
(linear, dynamic, yarn, llama3, longrope), the attention factor, and what in the config
means something other than it seems.

  --seq-len N          the current sequence length, 1 to 1e12: dynamic NTK scales from
                       it, LongRoPE takes its long factors beyond the original length
  --layer-type NAME    rope_parameters given per layer type: which (default
                       full_attention)
  --json               one JSON object on stdout: rope_type, dim, base, factor,
                       original_max_position_embeddings, attention_factor, pairs (i,
                       inv_freq, inv_freq_scaled, divisor, wavelength, wavelength_scaled,
                       rotations_in_context), findings (code, severity, message)
  --lang LANG          en | zh_CN: the language of the messages (default: the locale&apos;s)

Exit status: 0 when the config was read, 2 when it could not be (one line on stderr naming
the key; nothing on stdout).
</source>
        <translation>用法：posenc-lab rope CONFIG.json [--seq-len N] [--layer-type NAME] [--json]
按 transformers 的读法读取 Hugging Face 模型的 config.json（rope_theta、head_dim 或
hidden_size / num_attention_heads、partial_rotary_factor、rope_scaling 或 rope_parameters），
输出每个旋转维度对在模型上下文扩展（linear、dynamic、yarn、llama3、longrope）前后的频率、
注意力因子，以及配置中含义与表面不同之处。

  --seq-len N          当前序列长度，1 到 1e12：动态 NTK 据此缩放，LongRoPE 在超过
                       原始长度时改用 long 因子
  --layer-type NAME    rope_parameters 按层类型给出时读取哪一种（默认
                       full_attention）
  --json               在标准输出上输出一个 JSON 对象：rope_type、dim、base、factor、
                       original_max_position_embeddings、attention_factor、pairs（i、
                       inv_freq、inv_freq_scaled、divisor、wavelength、wavelength_scaled、
                       rotations_in_context）、findings（code、severity、message）
  --lang LANG          en | zh_CN：消息的语言（默认：系统区域设置的语言）

退出状态：读取成功为 0，无法读取为 2（标准错误上一行说明出错的键；标准输出上
无内容）。
</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>rope: no config.json given; see posenc-lab rope --help</source>
        <translation>rope：未给出 config.json；请参阅 posenc-lab rope --help</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rope: one config at a time, not “%1” as well; see posenc-lab rope --help</source>
        <translation>rope：一次只能读取一个配置，不能再加上“%1”；请参阅 posenc-lab rope --help</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>--layer-type: give the name of a layer type of rope_parameters</source>
        <translation>--layer-type：请给出 rope_parameters 中某个层类型的名称</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--seq-len: “%1” must be a whole number in [1, 1e12]</source>
        <translation>--seq-len：“%1”必须是 [1, 1e12] 内的整数</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>%1: rope_type %2, %3</source>
        <translation>%1：rope_type %2，%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  rotary dimension d = %1 (%2 pairs), base %3</source>
        <translation>  旋转维度 d = %1（%2 对），base %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  factor s = %1, length trained on L = %2, s·L = %3</source>
        <translation>  因子 s = %1，训练长度 L = %2，s·L = %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  max_position_embeddings %1</source>
        <translation>  max_position_embeddings %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  sequence length %1</source>
        <translation>  序列长度 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  attention factor %1 on cos and sin: the logits × %2</source>
        <translation>  cos 与 sin 乘以注意力因子 %1：注意力 logits × %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  base used %1</source>
        <translation>  实际使用的 base %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  ramp over pairs %1 to %2 (rotations %3 and %4 within L)</source>
        <translation>  过渡带为第 %1 到第 %2 对（L 内旋转 %3 圈与 %4 圈处）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Findings:</source>
        <translation>发现：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  [%1] %2: %3</source>
        <translation>  [%1] %2：%3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pairs (i, inv_freq, inv_freq scaled, divisor, wavelength, wavelength scaled, rotations within L):</source>
        <translation>各维度对（i、inv_freq、缩放后 inv_freq、除数、波长、缩放后波长、L 内旋转圈数）：</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>a model&apos;s config must be a regular JSON file of at most %1 MiB</source>
        <translation>模型配置必须是不超过 %1 MiB 的普通 JSON 文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rope: %1</source>
        <translation>rope：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>rope: %1: %2</source>
        <translation>rope：%1：%2</translation>
    </message>
</context>
<context>
    <name>RopeConfigText</name>
    <message>
        <location filename="../../ui/views/ropeconfigtext.cpp" line="+22"/>
        <source>the file has %1 bytes; a config.json of at most %2 bytes is accepted</source>
        <translation>文件有 %1 字节；config.json 最多接受 %2 字节</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not valid JSON (error at byte %1)</source>
        <translation>它不是有效的 JSON（错误位于第 %1 字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it holds a number beyond the range of a double</source>
        <translation>其中有超出双精度范围的数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not a JSON object {&quot;key&quot;: value, …}</source>
        <translation>它不是 JSON 对象 {&quot;key&quot;: value, …}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the head dimension is missing: it has neither head_dim nor hidden_size and num_attention_heads</source>
        <translation>缺少头维度：既没有 head_dim，也没有 hidden_size 和 num_attention_heads</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the rotary dimension from %1 is %2; it must be an even integer in [4, 4096]</source>
        <translation>由 %1 得到的旋转维度为 %2；它必须是 [4, 4096] 内的偶数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 holds %2 numbers; d/2 = %3 are needed, one a pair</source>
        <translation>%1 有 %2 个数；需要 d/2 = %3 个，每对一个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layer type %1 is not in rope_parameters; it has %2</source>
        <translation>rope_parameters 中没有层类型 %1；它有 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 = %2 is out of range; it must be in %3</source>
        <translation>%1 = %2 超出范围；它必须在 %3 内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not enough memory to read %1 bytes</source>
        <translation>内存不足，无法读取 %1 字节</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no rope_scaling: RoPE as trained, nothing stretched</source>
        <translation>没有 rope_scaling：RoPE 保持训练时的样子，没有拉伸</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rope_theta is not given: 10000, as transformers assumes</source>
        <translation>未给出 rope_theta：按 transformers 的默认值取 10000</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>head_dim is not given: hidden_size / num_attention_heads = %1 / %2 = %3</source>
        <translation>未给出 head_dim：取 hidden_size / num_attention_heads = %1 / %2 = %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only part of each head rotates: d = int(%1 × %2) = %3</source>
        <translation>每个头只有一部分旋转：d = int(%1 × %2) = %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the rotary part of each head is qk_rope_head_dim = %1</source>
        <translation>每个头的旋转部分为 qk_rope_head_dim = %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the language model&apos;s parameters are read from text_config</source>
        <translation>语言模型的参数从 text_config 读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rope_parameters differ per layer type (%2); shown: %1</source>
        <translation>rope_parameters 按层类型各不相同（%2）；显示的是：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rope_scaling names its method with the legacy key type (%1); transformers 4.43 and later read it as rope_type</source>
        <translation>rope_scaling 用旧键 type 指定方法（%1）；transformers 4.43 及以后的版本将其当作 rope_type 读取</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>transformers before 4.43 read only the key type and refuse this config (KeyError: &apos;type&apos;; meta-llama/llama3#299)</source>
        <translation>4.43 之前的 transformers 只读取键 type，会拒绝此配置（KeyError: &apos;type&apos;；meta-llama/llama3#299）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rope_type %1 is read as %2, as transformers reads it</source>
        <translation>rope_type %1 按 transformers 的读法当作 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the length trained on is not given: taken as max_position_embeddings / factor = %1 / %2 = %3</source>
        <translation>未给出训练长度：取 max_position_embeddings / factor = %1 / %2 = %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>factor %1 is not the stretch: at a sequence of %2 the base is scaled as NTK by %1 × %2 / %3 − (%1 − 1) = %4</source>
        <translation>factor %1 并不是拉伸倍数：序列长度为 %2 时，base 按 NTK 方式以 %1 × %2 / %3 − (%1 − 1) = %4 缩放</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>keys already in the KV cache keep the frequencies of the length they were computed at (huggingface/transformers#25104)</source>
        <translation>已在 KV 缓存中的键保留计算它们时那个长度下的频率（huggingface/transformers#25104）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%2 is used: the long list beyond %1 positions; models that switch mid-sequence recompute the KV cache then (huggingface/transformers#33129)</source>
        <translation>使用的是 %2：超过 %1 个位置时用 long 列表；在序列中途切换的模型此时会重新计算 KV 缓存（huggingface/transformers#33129）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>truncate: false keeps the ramp&apos;s ends unrounded; transformers versions without it round them (huggingface/transformers#42189)</source>
        <translation>truncate: false 使过渡带两端不取整；不支持该键的 transformers 版本会取整（huggingface/transformers#42189）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>factor %1 is below 1: the positions are spread, not squeezed; transformers warns that it must be at least 1</source>
        <translation>factor %1 小于 1：位置被拉开而不是压缩；transformers 会警告它必须至少为 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rope_type %1 does not read %2; transformers warns and ignores them</source>
        <translation>rope_type %1 不读取 %2；transformers 会发出警告并忽略它们</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>factor %1 differs from max_position_embeddings / original_max_position_embeddings = %2 / %3 = %4; transformers uses the factor, some versions used the ratio (huggingface/transformers#38224)</source>
        <translation>factor %1 与 max_position_embeddings / original_max_position_embeddings = %2 / %3 = %4 不同；transformers 使用 factor，有些版本曾使用该比值（huggingface/transformers#38224）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the ramp is placed by original_max_position_embeddings = %1 (pairs %3 to %4); transformers versions that read max_position_embeddings = %2 instead placed it at pairs %5 to %6 (huggingface/transformers#33783)</source>
        <translation>过渡带由 original_max_position_embeddings = %1 确定（第 %3 到第 %4 对）；改读 max_position_embeddings = %2 的 transformers 版本会把它放在第 %5 到第 %6 对（huggingface/transformers#33783）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>original_max_position_embeddings = %1 is not read by dynamic NTK: transformers scales from max_position_embeddings = %2</source>
        <translation>动态 NTK 不读取 original_max_position_embeddings = %1：transformers 以 max_position_embeddings = %2 为起点缩放</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is not read: transformers reads attention_factor (deepseek-ai/DeepSeek-R1#684)</source>
        <translation>%1 不会被读取：transformers 读取的是 attention_factor（deepseek-ai/DeepSeek-R1#684）</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>a number</source>
        <translation>一个数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an integer</source>
        <translation>一个整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a string</source>
        <translation>一个字符串</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an object {…}</source>
        <translation>一个对象 {…}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a list of numbers</source>
        <translation>一个数的列表</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 must be %2</source>
        <translation>%1 必须是%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is missing</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is missing; rope_type %2 needs it</source>
        <translation>缺少 %1；rope_type %2 需要它</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>rope_type “%1” is not one transformers computes; accepted: %2</source>
        <translation>rope_type“%1”不是 transformers 能计算的类型；可接受：%2</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>info</source>
        <translation>提示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>RoPE as trained</source>
        <translation>训练时的 RoPE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Position Interpolation (linear)</source>
        <translation>位置插值（linear）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NTK-aware base</source>
        <translation>NTK-aware base</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>dynamic NTK</source>
        <translation>动态 NTK</translation>
    </message>
    <message>
        <location line="-13"/>
        <location line="+14"/>
        <source>YaRN</source>
        <translation>YaRN</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>Llama 3.1 bands</source>
        <translation>Llama 3.1 分段</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>LongRoPE</source>
        <translation>LongRoPE</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>as trained</source>
        <translation>训练时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PI (linear)</source>
        <translation>PI（linear）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NTK-aware</source>
        <translation>NTK-aware</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Llama 3.1</source>
        <translation>Llama 3.1</translation>
    </message>
</context>
<context>
    <name>RotationText</name>
    <message>
        <location filename="../../ui/views/rotation/rotationtext.cpp" line="+22"/>
        <source>The rotation view shows M_k for k = %1: the %2 × %2 matrix with PE(pos + k) = M_k · PE(pos), one 2 × 2 rotation for each of the %3 pairs and zeros elsewhere.</source>
        <translation>旋转视图显示 k = %1 时的 M_k：满足 PE(pos + k) = M_k · PE(pos) 的 %2 × %2 矩阵，%3 个维度对各有一个 2 × 2 旋转，其余元素都是零。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The rotations sit on the diagonal, since pair i occupies columns 2i and 2i + 1.</source>
        <translation>这些旋转位于对角线上，因为维度对 i 占据第 2i 列和第 2i + 1 列。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pair i couples columns i and i + %1, so the rotations lie on the diagonal and on two off-diagonal bands.</source>
        <translation>维度对 i 耦合第 i 列和第 i + %1 列，因此旋转分布在对角线和两条非对角线条带上。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>M_k depends on k alone: moving pos leaves it unchanged.</source>
        <translation>M_k 只取决于 k：移动 pos 不会改变它。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pair %1 (columns %2 and %3, w_%1 = %4) is turned by the angle k · w_%1 = %5 rad: at pos = %6 its vector is (%7, %8), and at pos + k = %9 it is (%10, %11).</source>
        <translation>维度对 %1（第 %2 列和第 %3 列，w_%1 = %4）转过的角度为 k · w_%1 = %5 弧度：在 pos = %6 处它的向量是 (%7, %8)，在 pos + k = %9 处是 (%10, %11)。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Over the %1 positions of the sequence, the largest |M_k · PE(pos) − PE(pos + k)| is %2 in float64 and %3 in float32.</source>
        <translation>在序列的 %1 个位置上，|M_k · PE(pos) − PE(pos + k)| 的最大值在 float64 下为 %2，在 float32 下为 %3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Over the first %1 of the %2 positions, the largest |M_k · PE(pos) − PE(pos + k)| is %3 in float64 and %4 in float32.</source>
        <translation>在 %2 个位置中的前 %1 个上，|M_k · PE(pos) − PE(pos + k)| 的最大值在 float64 下为 %3，在 float32 下为 %4。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Column %1, the sine of the last frequency, has no cosine partner because d_model is odd: no linear map of PE(pos) gives its value at pos + k, so its row of M_k is zero.</source>
        <translation>第 %1 列是最后一个频率的正弦；由于 d_model 为奇数，它没有配对的余弦：PE(pos) 的任何线性映射都得不到它在 pos + k 处的值，所以它在 M_k 中的那一行为零。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Column %1 is the zero column of the split layout for odd d_model: M_k maps it to itself.</source>
        <translation>第 %1 列是 d_model 为奇数时分块布局的零列：M_k 把它映射到自身。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>M_k[%1, %2] with k = %3</source>
        <translation>M_k[%1, %2]，其中 k = %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>= 1: the zero column maps to itself</source>
        <translation>= 1：零列映射到自身</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>= 0: the zero column couples to nothing</source>
        <translation>= 0：零列不与任何列耦合</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>= 0: column %1 is the lone sine of odd d_model; no linear map of PE(pos) gives sin((pos + k) · w), so it has no rotation</source>
        <translation>= 0：第 %1 列是奇数 d_model 下单独的正弦维度；PE(pos) 的任何线性映射都得不到 sin((pos + k) · w)，因此它没有旋转</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>= 0: different pairs never mix; in the split layout M_k couples column i only with column i + %1, and is block-diagonal once each pair&apos;s two columns are put side by side</source>
        <translation>= 0：不同的维度对从不混合；在分块布局中，M_k 只把第 i 列与第 i + %1 列耦合，把每一对的两列并排放在一起后才是分块对角矩阵</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>= 0: different pairs never mix; M_k is block-diagonal</source>
        <translation>= 0：不同的维度对从不混合；M_k 是分块对角矩阵</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>k · w_%1 = %2 × %3 = %4 rad</source>
        <translation>k · w_%1 = %2 × %3 = %4 rad</translation>
    </message>
</context>
<context>
    <name>SafeSave</name>
    <message>
        <location filename="../../ui/io/safesave.cpp" line="+61"/>
        <source>%1 is a folder; nothing was written (a file name is needed)</source>
        <translation>%1 是一个文件夹；什么也没有写入（需要一个文件名）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is not a regular file; nothing was written</source>
        <translation>%1 不是普通文件；什么也没有写入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is read-only; nothing was written</source>
        <translation>%1 是只读的；什么也没有写入</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+53"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>SceneReader</name>
    <message>
        <location filename="../../ui/views/scenereader.cpp" line="+62"/>
        <location line="+94"/>
        <source>%1: %2 is out of range; %3</source>
        <translation>%1：%2 超出范围；%3</translation>
    </message>
    <message>
        <location line="-114"/>
        <location line="+116"/>
        <source>%1: %2 is not an integer; %3</source>
        <translation>%1：%2 不是整数；%3</translation>
    </message>
    <message>
        <location line="-111"/>
        <location line="+112"/>
        <source>%1: %2 is not a number; %3</source>
        <translation>%1：%2 不是数值；%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+62"/>
        <location line="+29"/>
        <source>%1: unknown key; known keys are %2</source>
        <translation>%1：未知的键；可用的键为 %2</translation>
    </message>
    <message>
        <location line="-88"/>
        <source>%1: %2 is not an object</source>
        <translation>%1：%2 不是 JSON 对象</translation>
    </message>
    <message>
        <location filename="../../ui/views/attention/attentiondescriptor.cpp" line="+14"/>
        <location filename="../../ui/views/optionbuilders.h" line="+138"/>
        <location filename="../../ui/views/precision/precisiondescriptor.cpp" line="+13"/>
        <location filename="../../ui/views/scenereader.cpp" line="+49"/>
        <location line="+6"/>
        <source>%1: %2 is not one of %3</source>
        <translation>%1：%2 不是 %3 之一</translation>
    </message>
    <message>
        <location filename="../../ui/views/commonoptions.cpp" line="-37"/>
        <source>dims must be a list of at most %1 column indices in [0, %2]</source>
        <translation>dims 必须是最多 %1 个列索引的列表，每个索引位于 [0, %2] 内</translation>
    </message>
    <message>
        <location filename="../../ui/views/scenereader.cpp" line="-170"/>
        <source>%1: %2 is not a list; %3</source>
        <translation>%1：%2 不是列表；%3</translation>
    </message>
    <message>
        <location filename="../../ui/views/temporal/temporaldescriptor.cpp" line="-51"/>
        <source>periods must be a list of 1 to %1 numbers</source>
        <translation>periods 必须是包含 1 到 %1 个数的列表</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>each period must be a number in [1e-9, 1e9]</source>
        <translation>每个周期都必须是 [1e-9, 1e9] 内的数</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>steps must be an integer in [1, %1]</source>
        <translation>steps 必须是 [1, %1] 内的整数</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationdescriptor.cpp" line="+9"/>
        <source>rotation_pair must be an integer in [0, %1] (d_model / 2 - 1)</source>
        <translation>rotation_pair 必须是 [0, %1] 内的整数（d_model / 2 - 1）</translation>
    </message>
    <message>
        <location filename="../../ui/views/scenereader.cpp" line="+5"/>
        <source>%1: %2 is not true or false; %3</source>
        <translation>%1：%2 不是 true 或 false；%3</translation>
    </message>
    <message>
        <location filename="../../ui/views/similarity/similaritydescriptor.cpp" line="-28"/>
        <source>cosine chooses the similarity view&apos;s measure</source>
        <translation>cosine 选择相似度视图使用的度量</translation>
    </message>
    <message>
        <location filename="../../ui/views/scenereader.cpp" line="+222"/>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 is not valid JSON: %2</source>
        <translation>%1 不是有效的 JSON：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 holds no entries under &quot;%2&quot;</source>
        <translation>%1 中“%2”下没有任何条目</translation>
    </message>
    <message>
        <location filename="../../ui/views/heatmap/heatmapdescriptor.cpp" line="-36"/>
        <source>heatmap_dims must be &quot;all&quot; or a list of at most %1 column indices in [0, %2]</source>
        <translation>heatmap_dims 必须是 &quot;all&quot; 或最多 %1 个列索引的列表，每个索引位于 [0, %2] 内</translation>
    </message>
    <message>
        <location filename="../../ui/views/check/checkdescriptor.cpp" line="-20"/>
        <location filename="../../ui/views/context/contextdescriptor.cpp" line="-16"/>
        <source>%1: %2 is not a file name</source>
        <translation>%1：%2 不是文件名</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1: %2 is not a tensor name</source>
        <translation>%1：%2 不是张量名称</translation>
    </message>
    <message>
        <location filename="../../ui/views/attention/attentiondescriptor.cpp" line="-248"/>
        <source>%1: %2 must be a text of 1 to %3 tokens</source>
        <translation>%1：%2 必须是含 1 到 %3 个词元的文本</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>the random seed must be an integer in [0, %1]</source>
        <translation>随机种子必须是 [0, %1] 内的整数</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>head must be an integer in [0, heads − 1]</source>
        <translation>head 必须是 [0, heads − 1] 内的整数</translation>
    </message>
    <message>
        <location filename="../../ui/views/vit/vitdescriptor.cpp" line="-61"/>
        <source>%1 must be &quot;middle&quot; or an integer in [0, %2]</source>
        <translation>%1 必须是 &quot;middle&quot; 或 [0, %2] 内的整数</translation>
    </message>
    <message>
        <location filename="../../ui/views/optionbuilders.h" line="-74"/>
        <source>%1 must be an integer in [%2, %3]</source>
        <translation>%1 必须是 [%2, %3] 内的整数</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 must be a number in [%2, %3]</source>
        <translation>%1 必须是 [%2, %3] 内的数值</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 must be an integer in [0, 18446744073709551615], written as a string above 2^53</source>
        <translation>%1 必须是 [0, 18446744073709551615] 内的整数；大于 2^53 时写成字符串</translation>
    </message>
    <message>
        <location filename="../../ui/views/training/trainingdescriptor.cpp" line="+10"/>
        <source>train_clamp must be [LO, HI], two numbers in [-1000, 1000]</source>
        <translation>train_clamp 必须是 [LO, HI]，即 [-1000, 1000] 内的两个数</translation>
    </message>
</context>
<context>
    <name>Screenshot</name>
    <message>
        <location filename="../../ui/window/screenshot.cpp" line="+62"/>
        <source>--size: %1x%2 is smaller than this view can be drawn; it needs at least %3x%4</source>
        <translation>--size：%1x%2 太小，无法绘制此视图；至少需要 %3x%4</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the PNG could not be encoded</source>
        <translation>无法编码 PNG</translation>
    </message>
</context>
<context>
    <name>SimilarityText</name>
    <message>
        <location filename="../../ui/views/similarity/similaritytext.cpp" line="+24"/>
        <source>The similarity view shows the cosine similarity PE(p) · PE(q) / (|PE(p)| |PE(q)|) of every two positions p and q from %1 to %2, a %3 × %3 matrix.</source>
        <translation>相似度视图显示从 %1 到 %2 的任意两个位置 p 与 q 的余弦相似度 PE(p) · PE(q) / (|PE(p)| |PE(q)|)，构成一个 %3 × %3 矩阵。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The scale is 0, so every vector is zero and every cosine similarity is shown as 0.</source>
        <translation>scale 为 0，所以每个向量都是零向量，所有余弦相似度都显示为 0。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>On the diagonal each position meets itself, with cosine similarity 1.</source>
        <translation>对角线上是每个位置与自身的比较，余弦相似度为 1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The similarity view shows the dot products PE(p) · PE(q) of every two positions p and q from %1 to %2, a %3 × %3 matrix.</source>
        <translation>相似度视图显示从 %1 到 %2 的任意两个位置 p 与 q 的点积 PE(p) · PE(q)，构成一个 %3 × %3 矩阵。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>On the diagonal each position meets itself: |PE(p)|² is %1 from the pairs plus scale² · sin²(p · w) from the lone sine of odd d_model, so at most %2.</source>
        <translation>对角线上是每个位置与自身的点积：|PE(p)|² 等于各维度对贡献的 %1，再加上 d_model 为奇数时那个单独正弦贡献的 scale² · sin²(p · w)，因此至多为 %2。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>On the diagonal each position meets itself: |PE(p)|² = %1 for every p.</source>
        <translation>对角线上是每个位置与自身的点积：对每个 p 都有 |PE(p)|² = %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Away from the diagonal the pairs&apos; share of the dot product depends only on the offset Δ = q − p: scale² · Σ_i cos(Δ · w_i) is %1 at Δ = 1 and %2 at Δ = k = %3, and the kernel plot shows it decaying with ripples as |Δ| grows.</source>
        <translation>在对角线以外，点积中来自各维度对的部分只取决于偏移量 Δ = q − p：scale² · Σ_i cos(Δ · w_i) 在 Δ = 1 时为 %1，在 Δ = k = %3 时为 %2；核函数图显示它随 |Δ| 增大而带着波纹衰减。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The lone sine of odd d_model adds scale² · sin(p · w) · sin(q · w), which depends on p and q themselves, so the whole dot product is not a function of the offset alone.</source>
        <translation>d_model 为奇数时，那个单独的正弦维度会加上 scale² · sin(p · w) · sin(q · w)，它取决于 p 和 q 本身，所以整个点积并不只是偏移量的函数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Away from the diagonal the dot product depends only on the offset Δ = q − p: scale² · Σ_i cos(Δ · w_i) is %1 at Δ = 1 and %2 at Δ = k = %3, and the kernel plot shows it decaying with ripples as |Δ| grows.</source>
        <translation>在对角线以外，点积只取决于偏移量 Δ = q − p：scale² · Σ_i cos(Δ · w_i) 在 Δ = 1 时为 %1，在 Δ = k = %3 时为 %2；核函数图显示它随 |Δ| 增大而带着波纹衰减。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>With only one position there is no second position to compare.</source>
        <translation>只有一个位置，没有第二个位置可供比较。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The closest two positions are %1 and %2, at distance %3: they share (almost) the same vector, so the encoding cannot tell them apart.</source>
        <translation>距离最近的两个位置是 %1 和 %2，距离为 %3：它们（几乎）共用同一个向量，编码无法区分它们。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The closest two positions are %1 and %2, at distance %3: every position has its own vector.</source>
        <translation>距离最近的两个位置是 %1 和 %2，距离为 %3：每个位置都有自己独有的向量。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>PE(%1) · PE(%2) = Σ_c PE(%1, c) · PE(%2, c) = %3</source>
        <translation>PE(%1) · PE(%2) = Σ_c PE(%1, c) · PE(%2, c) = %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each pair gives sin a · sin b + cos a · cos b = cos(a − b), so only the offset p − q = %1 matters:</source>
        <translation>每个维度对贡献 sin a · sin b + cos a · cos b = cos(a − b)，因此只有偏移量 p − q = %1 起作用：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>scale² · Σ_i cos((p − q) · w_i) = %1² × Σ_i cos(%2 · w_i) = %3</source>
        <translation>scale² · Σ_i cos((p − q) · w_i) = %1² × Σ_i cos(%2 · w_i) = %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The lone sine of odd d_model adds sin(p · w) · sin(q · w), which depends on p and q themselves: that is the difference between the two numbers.</source>
        <translation>d_model 为奇数时，那个单独的正弦维度会加上 sin(p · w) · sin(q · w)，它取决于 p 和 q 本身：这就是两个数之间的差别。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>This cell is the mean of the cosine similarity over the box p = %1 … %2, q = %3 … %4: %5</source>
        <translation>这个单元格是余弦相似度在方块 p = %1 … %2、q = %3 … %4 上的平均值：%5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This cell is the mean of PE(p) · PE(q) over the box p = %1 … %2, q = %3 … %4: %5</source>
        <translation>这个单元格是 PE(p) · PE(q) 在方块 p = %1 … %2、q = %3 … %4 上的平均值：%5</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In the middle of the box, p = %1 and q = %2:</source>
        <translation>取方块中间的一对位置 p = %1、q = %2：</translation>
    </message>
</context>
<context>
    <name>SpectrumText</name>
    <message>
        <location filename="../../ui/views/spectrum/spectrumtext.cpp" line="+26"/>
        <source>The spectrum view shows the frequency ladder: a single frequency w_0 = %1, wavelength %2 positions.</source>
        <translation>频谱视图显示频率阶梯：只有一个频率 w_0 = %1，波长为 %2 个位置。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The spectrum view shows the frequency ladder: %1 frequencies w_i, from w_0 = %2 down to w_%3 = %4, so the wavelengths 2π/w_i grow from %5 to %6 positions.</source>
        <translation>频谱视图显示频率阶梯：共 %1 个频率 w_i，从 w_0 = %2 降到 w_%3 = %4，因此波长 2π/w_i 从 %5 个位置增长到 %6 个位置。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Every wavelength is at most seq_len = %1: each pair completes at least one cycle over the sequence.</source>
        <translation>每个波长都不超过 seq_len = %1：每个维度对在整个序列上至少完成一个周期。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every wavelength is longer than seq_len = %1: over the sequence each pair completes less than one cycle.</source>
        <translation>每个波长都比 seq_len = %1 长：在整个序列上，每个维度对都转不满一个周期。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pair %1, marked on the ladder, has a wavelength longer than seq_len = %2: over the sequence it completes less than one cycle.</source>
        <translation>维度对 %1（已在阶梯上标出）的波长比 seq_len = %2 长：在整个序列上它转不满一个周期。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pairs %1 to %2, marked on the ladder, have wavelengths longer than seq_len = %3: over the sequence they complete less than one cycle.</source>
        <translation>维度对 %1 到 %2（已在阶梯上标出）的波长比 seq_len = %3 长：在整个序列上它们转不满一个周期。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Horizontal lines mark the wavelength seq_len = %1 and the temporal periods %2.</source>
        <translation>水平线标出波长 seq_len = %1 以及时间周期 %2。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>None of the chosen dimensions lies below d_model, so no amplitude spectrum is drawn.</source>
        <translation>所选的维度都不小于 d_model，因此没有画出振幅谱。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The amplitude spectra of the chosen dimensions (%1) are drawn below it, each with a dashed line where its peak is expected, at w_i/(2π) cycles per position.</source>
        <translation>其下方画出所选维度（%1）的振幅谱，每条谱在预期的峰值处（每个位置 w_i/(2π) 个周期）有一条虚线。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Column %1 peaks at %2 cycles per position, against w_%3/(2π) = %4 expected; the frequency bins are 1/seq_len = %5 apart.</source>
        <translation>第 %1 列的峰值在每个位置 %2 个周期处，预期值为 w_%3/(2π) = %4；频率分箱的间隔为 1/seq_len = %5。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The last panel shows the amplitude spectrum of all %1 dimensions as a colour map, %2 frequency bins from 0 to %3 cycles per position.</source>
        <translation>最后一个面板以色图显示全部 %1 个维度的振幅谱，共 %2 个频率分箱，从每个位置 0 个周期到 %3 个周期。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>pair i = %1 (columns %2 and %3)</source>
        <translation>维度对 i = %1（列：%2 和 %3）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>pair i = %1 (column %2 only: no cos partner, d_model is odd)</source>
        <translation>维度对 i = %1（只有第 %2 列：没有对应的 cos，d_model 为奇数）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>wavelength = 2π / w_%1 = %2 positions</source>
        <translation>波长 = 2π / w_%1 = %2 个位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Longer than seq_len = %1: over the sequence this pair turns less than once (%2 of a turn), so its values never repeat within the sequence.</source>
        <translation>比 seq_len = %1 更长：在整个序列上，这个维度对转不满一圈（只转了 %2 圈），所以它的取值在序列内不会重复。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>It repeats %1 times over seq_len = %2 positions.</source>
        <translation>在 seq_len = %2 个位置内重复 %1 次。</translation>
    </message>
</context>
<context>
    <name>TemporalText</name>
    <message>
        <location filename="../../ui/views/temporal/temporaltext.cpp" line="+25"/>
        <source>The temporal view encodes %1 time steps (0 to %2) with the single period P = %3: the pair sin(2πt/P), cos(2πt/P), as a colour map, as curves and as a point on a circle.</source>
        <translation>时间编码视图用单个周期 P = %3 编码 %1 个时间步（0 到 %2）：即 sin(2πt/P)、cos(2πt/P) 这一对，分别以色图、曲线和圆上的一个点显示。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The temporal view encodes %1 time steps (0 to %2) with %3 periods, %4: for each period P the pair sin(2πt/P), cos(2πt/P), %5 columns in all, as a colour map, as curves and as a point on a circle per period.</source>
        <translation>时间编码视图用 %3 个周期（%4）编码 %1 个时间步（0 到 %2）：每个周期 P 对应 sin(2πt/P)、cos(2πt/P) 一对，共 %5 列，分别以色图、曲线和每个周期的圆上的一个点显示。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Step t = %1 is %2 steps into period %3 and lands on its circle at (%4, %5).</source>
        <translation>时间步 t = %1 在周期 %3 中的相位为 t mod P = %2，落在该周期圆上的 (%4, %5) 处。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Step t = %1 lies outside the %2 steps of the table; its encoding is defined all the same.</source>
        <translation>时间步 t = %1 在表中 %2 个时间步的范围之外；不过它的编码同样有定义。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Steps t and t + P land on the same point: each pair repeats every period.</source>
        <translation>时间步 t 与 t + P 落在同一点：每一对都按自己的周期重复。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>step t = %1, column %2: %3 of period P = %4</source>
        <translation>时间步 t = %1，第 %2 列：周期 P = %4 的 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>angle = 2π · t / P = 2π × %1 / %2 = %3 rad</source>
        <translation>角度 = 2π · t / P = 2π × %1 / %2 = %3 rad</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>value = %1(angle) = %2</source>
        <translation>值 = %1(角度) = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Steps t and t + %1 land on the same point: the encoding repeats every period.</source>
        <translation>时间步 t 与 t + %1 落在同一点上：编码每经过一个周期就重复一次。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>This row of the map is a mean, not one step: the mean of %1(2π t / %2) (column %3) over the %4 steps t = %5 … %6.</source>
        <translation>图中这一行是平均值，而不是单个时间步：它是 %1(2π t / %2)（第 %3 列）在 t = %5 … %6 这 %4 个时间步上的平均值。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>mean = D · %1(2π c / P) = %2 × %3 = %4, with c = %5 the middle of the steps and D = sin(nπ / P) / (n · sin(π / P)) for n = %6 steps.</source>
        <translation>平均值 = D · %1(2π c / P) = %2 × %3 = %4，其中 c = %5 是这些时间步的中点，D = sin(nπ / P) / (n · sin(π / P))，n = %6 个时间步。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The map shows more steps than it has rows of pixels: each row is the mean of %1 steps, because one step of every %1 would draw stripes that are not in the encoding.</source>
        <translation>图中显示的时间步多于像素行数：每行是 %1 个时间步的平均值，因为每 %1 个时间步只取一个会画出编码中并不存在的条纹。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Step t = %1 alone: %2(2π × %1 / %3) = %4.</source>
        <translation>单独的时间步 t = %1：%2(2π × %1 / %3) = %4。</translation>
    </message>
</context>
<context>
    <name>TrainCommand</name>
    <message>
        <location filename="../../app/traincommand.cpp" line="+205"/>
        <source>train: unexpected argument “%1”; see posenc-lab train --help</source>
        <translation>train：多余的参数“%1”；请参阅 posenc-lab train --help</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>--task: missing; one of %1</source>
        <translation>--task：缺少；可选 %1</translation>
    </message>
    <message>
        <location line="-110"/>
        <source>Usage: posenc-lab train --task order|bag [options] -o run.csv [--json]
Trains the training lab&apos;s small model (token embedding + position term, single-head
attention, mean pooling, a linear classifier) on a task generated from the seed, headless,
and writes one CSV row per step: step,task,loss,accuracy,heldout_loss,heldout_accuracy,
scale,norm_ratio (loss and accuracy of the step&apos;s batch, the rest after the step). The same
arguments write the same bytes. One toy run: not evidence about sentiment or translation.
The options are the training lab&apos;s (export --view training --train-steps N ... trains the
same run), spelt without the lab&apos;s prefix.

  --task TASK          order (does token A come before B) | bag (does token A occur)
  -o, --output FILE    the .csv to write
  --pytorch DIR        write the run as a PyTorch program into DIR: run.py, run.npz (the
                       initial weights, the examples and the batches) and README.md;
                       python3 DIR/run.py OUT.csv trains it and writes the same columns
  --json               a summary of the run as one JSON object on stdout
</source>
        <translation>用法：posenc-lab train --task order|bag [选项] -o run.csv [--json]
在无界面模式下，用由种子生成的任务训练训练实验室的小模型（词嵌入 + 位置项、单头
注意力、平均池化、线性分类器），每一步写一行 CSV：step,task,loss,accuracy,heldout_loss,
heldout_accuracy,scale,norm_ratio（loss 和 accuracy 是该步批次的，其余在该步之后）。相同的
参数写出相同的字节。这只是一次玩具运行，不是关于情感分析或翻译模型的证据。
选项就是训练实验室的选项，去掉实验室的前缀（export --view training --train-steps N ...
训练的是同一次运行）。

  --task TASK          order（词元 A 是否在 B 之前）| bag（词元 A 是否出现）
  -o, --output FILE    要写入的 .csv
  --pytorch DIR        把这次运行写成 PyTorch 程序放进 DIR：run.py、run.npz（初始权重、
                       样本和批次）以及 README.md；python3 DIR/run.py OUT.csv 训练它并写出相同的列
  --json               在标准输出上以一个 JSON 对象给出本次运行的摘要
</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 (formerly --%2)</source>
        <translation>%1（原名 --%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>  --base B             base of the sinusoid&apos;s frequencies, above 1 up to 1e12 (default 10000)
  --layout L           interleaved | split (default interleaved)
  --frequencies F      paper | tensor2tensor (default paper)
  --lang LANG          en | zh_CN: the language of the messages (default: the locale&apos;s)

Exit status: 0 when the run was written, 2 for an invalid option or an unwritable file
(one line on stderr; no file is written).
</source>
        <translation>  --base B             正弦频率的底数，大于 1 且不超过 1e12（默认 10000）
  --layout L           interleaved | split（默认 interleaved）
  --frequencies F      paper | tensor2tensor（默认 paper）
  --lang LANG          en | zh_CN：消息的语言（默认：跟随系统区域设置）

退出状态：写出运行结果时为 0；选项无效或文件无法写入时为 2
（标准错误输出一行；不写出任何文件）。
</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>--base: “%1” is not a number; it must be a number above 1 up to 1e12</source>
        <translation>--base：“%1”不是数；它必须是大于 1 且不超过 1e12 的数</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>--%1: out of range; %2</source>
        <translation>--%1：超出范围；%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>--%1: “%2” is out of range; %3</source>
        <translation>--%1：“%2”超出范围；%3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>--pytorch: missing folder; see posenc-lab train --help</source>
        <translation>--pytorch：缺少文件夹；参见 posenc-lab train --help</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>-o: missing output file; see posenc-lab train --help</source>
        <translation>-o：缺少输出文件；请参阅 posenc-lab train --help</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>-o: train writes a .csv, not “.%1”</source>
        <translation>-o：train 写出 .csv，而不是“.%1”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--json: summarises a trained run; add -o FILE.csv</source>
        <translation>--json：摘要针对训练过的运行；请加上 -o FILE.csv</translation>
    </message>
</context>
<context>
    <name>TrainingPytorch</name>
    <message>
        <location filename="../../ui/views/training/trainingpytorch.cpp" line="+127"/>
        <source>cannot make run.npz: %1</source>
        <translation>无法生成 run.npz：%1</translation>
    </message>
    <message>
        <location line="+53"/>
        <source># %1

The training lab&apos;s run in PyTorch: the same model, initial weights (run.npz), examples
and batches. With Python 3, NumPy and PyTorch:

    python3 run.py torch.csv

trains in float64 and writes one row per step with the columns of `posenc-lab train`;
the same run in PosEnc Lab:

    %1
</source>
        <translation># %1

训练实验室的这次运行的 PyTorch 版本：同样的模型、初始权重（run.npz）、样本和批次。
装有 Python 3、NumPy 和 PyTorch 时运行：

    python3 run.py torch.csv

它以 float64 训练，每一步写一行，列与 `posenc-lab train` 的相同；
PosEnc Lab 中的同一次运行：

    %1
</translation>
    </message>
</context>
<context>
    <name>TrainingText</name>
    <message>
        <location filename="../../ui/views/training/trainingtext.cpp" line="+20"/>
        <source>order (A before B?)</source>
        <translation>顺序（A 在 B 之前？）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bag (A present?)</source>
        <translation>词袋（A 是否出现？）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>order</source>
        <translation>顺序</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bag</source>
        <translation>词袋</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>s · PE (ScaledSinuEmbedding)</source>
        <translation>s · PE（ScaledSinuEmbedding）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PE + learned (LearnedSinusoidalPE)</source>
        <translation>PE + 可学习修正（LearnedSinusoidalPE）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>learned table</source>
        <translation>可学习位置表</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: not trained yet (step 0 of %2).</source>
        <translation>%1：尚未训练（第 0 步，共 %2 步）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: after %2 steps the scale went from %3 to %4 (the clamp held it %5 times); held-out accuracy %6.</source>
        <translation>%1：%2 步后，缩放因子从 %3 变到 %4（被限制拦住 %5 次）；留出集准确率 %6。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: after %2 steps, held-out accuracy %3 (this position term has no scale).</source>
        <translation>%1：%2 步后，留出集准确率 %3（这种位置项没有缩放因子）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>At length %1 (trained at %2): held-out accuracy %3.</source>
        <translation>在长度 %1（训练长度 %2）：留出集准确率 %3。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The source texts&apos; 0.7 (sentiment) and 1.2–1.5 (translation) are claims with no experiment behind them; one run of a toy model is no evidence about such models either.</source>
        <translation>参考材料的 0.7（情感分析）和 1.2–1.5（翻译）是没有实验支持的说法；一个玩具模型的一次训练也不能作为这类模型的证据。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Training lab: two runs of %1 steps from the same initial weights (random seed %2), position term %3, scale starting at %4, its learning rate %5 × the others&apos;. </source>
        <translation>训练实验室：从相同初始权重开始的两次训练，各 %1 步（随机种子 %2），位置项 %3，缩放因子初始值 %4，其学习率为其他参数的 %5 倍。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Tasks: %1 and %2.</source>
        <translation>任务：%1 和 %2。</translation>
    </message>
</context>
<context>
    <name>posenc::AnimationBar</name>
    <message>
        <location filename="../../ui/widgets/animationbar.cpp" line="+138"/>
        <source>Animation</source>
        <translation>动画</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Once</source>
        <translation>一次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ping-pong</source>
        <translation>往返</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Playback</source>
        <translation>播放方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What playing does at the end: stop (Once), start again (Loop) or turn back (Ping-pong)</source>
        <translation>播放到末尾时的行为：停止（一次）、从头再来（循环）或掉头返回（往返）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Reset &amp;All</source>
        <translation>全部重置(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset All: every parameter back to its default (Ctrl+R)</source>
        <translation>全部重置：将所有参数恢复为默认值（Ctrl+R）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reset All</source>
        <translation>全部重置</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>pos</source>
        <translation>pos</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>pos, the probe position: the buttons step it or play it over the rows shown (Left, Right, Space)</source>
        <translation>pos，即探测位置：这些按钮让它单步移动，或在所显示的各行上播放（左、右方向键，空格）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>k, the offset of pos + k: the buttons step it or play it from −(seq_len − 1) to seq_len − 1 (Shift+Left, Shift+Right, Shift+Space)</source>
        <translation>k，即 pos + k 中的偏移量：这些按钮让它单步移动，或从 −(seq_len − 1) 播放到 seq_len − 1（Shift+左、Shift+右、Shift+空格）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Step pos back</source>
        <translation>pos 后退一步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step k back</source>
        <translation>k 后退一步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Play/pause pos</source>
        <translation>播放/暂停 pos</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Play/pause k</source>
        <translation>播放/暂停 k</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Step pos forward</source>
        <translation>pos 前进一步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step k forward</source>
        <translation>k 前进一步</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source> steps/s</source>
        <translation> 步/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed of pos</source>
        <translation>pos 的速度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Speed of k</source>
        <translation>k 的速度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps per second while playing (1 to 30)</source>
        <translation>播放时每秒的步数（1 到 30）</translation>
    </message>
</context>
<context>
    <name>posenc::AnimationDialog</name>
    <message>
        <location filename="../../ui/export/animationdialog.cpp" line="+85"/>
        <location line="+203"/>
        <source>Export Animation</source>
        <translation>导出动画</translation>
    </message>
    <message>
        <location line="-197"/>
        <source>View:</source>
        <translation>视图：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Parameter:</source>
        <translation>参数(&amp;P)：</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+114"/>
        <source>From</source>
        <translation>起始值</translation>
    </message>
    <message>
        <location line="-113"/>
        <location line="+113"/>
        <source>To</source>
        <translation>结束值</translation>
    </message>
    <message>
        <location line="-112"/>
        <source>F&amp;rom:</source>
        <translation>起始值(&amp;R)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;To:</source>
        <translation>结束值(&amp;T)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Frames</source>
        <translation>帧数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fra&amp;mes:</source>
        <translation>帧数(&amp;M)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frames per second</source>
        <translation>每秒帧数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frames per &amp;second:</source>
        <translation>每秒帧数(&amp;S)：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 × %2 mm</source>
        <translation>%1 × %2 mm</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The command line that writes the same file</source>
        <translation>写出同一文件的命令行</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>%1: “%2” is not a number; %3</source>
        <translation>%1：“%2”不是数值；%3</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>File: an animation is written as a .gif</source>
        <translation>文件：动画写为 .gif</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1 × %2 pixels, %3 megapixels to draw in all</source>
        <translation>%1 × %2 像素，共需绘制 %3 百万像素</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Animated GIF (*.gif)</source>
        <translation>GIF 动画 (*.gif)</translation>
    </message>
</context>
<context>
    <name>posenc::AttentionView</name>
    <message>
        <location filename="../../ui/views/attention/attentiondescriptor.cpp" line="+130"/>
        <source>&amp;Attention</source>
        <translation>注意力(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/views/attention/attentionscene.cpp" line="+76"/>
        <source>none (NoPE)</source>
        <translation>无（NoPE）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sinusoidal, joined to the tokens</source>
        <translation>正弦编码，与词元结合</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>learned absolute table (untrained)</source>
        <translation>可学习的绝对位置表（未训练）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RoPE (rotary)</source>
        <translation>RoPE（旋转）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ALiBi (linear bias)</source>
        <translation>ALiBi（线性偏置）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>T5 relative buckets</source>
        <translation>T5 相对位置桶</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the source texts&apos; relative bias</source>
        <translation>参考材料中的相对位置偏置</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>add: token + position</source>
        <translation>相加：词元 + 位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>concatenate, then project [2d → d]</source>
        <translation>拼接后投影 [2d → d]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weighted: α · token + (1 − α) · position</source>
        <translation>加权：α · 词元 + (1 − α) · 位置</translation>
    </message>
    <message>
        <location filename="../../ui/views/attention/attentionpane.cpp" line="+63"/>
        <source>&amp;Position:</source>
        <translation>位置(&amp;P)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>How position information reaches this head</source>
        <translation>位置信息如何进入这个注意力头</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scores: q_i · k_j / √d plus the scheme&apos;s bias, query token i in the rows, key token j in the columns</source>
        <translation>得分：q_i · k_j / √d 加上该方案的偏置；行是查询词元 i，列是键词元 j</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attention weights: the softmax of each row of scores (each row sums to 1)</source>
        <translation>注意力权重：对每行得分做 softmax（每行之和为 1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output rows (weights · V) and, in the last row, their mean: what a classifier that averages the tokens sees</source>
        <translation>输出行（权重 · V），最后一行是它们的平均：对词元取平均的分类器看到的就是它</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The shift test: the scores with the phrase moved later, minus the scores now</source>
        <translation>平移测试：句子后移之后的得分减去现在的得分</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>scores + bias</source>
        <translation>得分 + 偏置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scores</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+73"/>
        <source>output, mean</source>
        <translation>输出与平均</translation>
    </message>
    <message>
        <location line="-73"/>
        <location line="+73"/>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Δ, +%1</source>
        <translation>差值，+%1</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>shift +%1: Δ</source>
        <translation>平移 +%1：差值</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>Shift +%1: scores unchanged (max |Δ| %2)</source>
        <translation>平移 +%1：得分不变（最大 |Δ| %2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shift +%1: scores change by up to %2</source>
        <translation>平移 +%1：得分最多变化 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The phrase %1 positions later gives the same scores, to rounding: this head sees only how far apart tokens are, not where the phrase starts.</source>
        <translation>句子后移 %1 个位置，得分不变（仅有舍入误差）：这个头只看词元相隔多远，而不看句子从哪里开始。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The phrase %1 positions later gives other scores: this head sees where the phrase starts, not only how far apart tokens are.</source>
        <translation>句子后移 %1 个位置，得分就变了：这个头看得到句子从哪里开始，而不只是词元相隔多远。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>rows equivariant (max |Δ| %1)</source>
        <translation>输出行等变（最大 |Δ| %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rows not equivariant (Δ up to %1)</source>
        <translation>输出行不等变（Δ 最大 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mean invariant (|Δ| %1)</source>
        <translation>平均不变（|Δ| %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mean changes (Δ up to %1)</source>
        <translation>平均改变（Δ 最大 %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shuffle → “%1”: %2, %3</source>
        <translation>打乱 → “%1”：%2，%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shuffled, the output rows only move with their tokens (permutation-equivariant) and their mean stays the same (invariant): the phrase and its shuffle look alike to this head.</source>
        <translation>打乱之后，输出行只是随各自的词元移动（排列等变），它们的平均保持不变（不变）：在这个头看来，句子和打乱后的句子一模一样。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shuffled, the output rows and their mean change: this head tells the two orders apart.</source>
        <translation>打乱之后，输出行和它们的平均都变了：这个头分得清两种顺序。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>|token| %1, |scale·PE| %2, ratio %3</source>
        <translation>|词元| %1，|scale·PE| %2，比值 %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>|token| %1, |learned row| %2, ratio %3</source>
        <translation>|词元| %1，|可学习行| %2，比值 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no row from position %1 (table: 0 to %2)</source>
        <translation>从位置 %1 起没有对应的行（表：0 到 %2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Means over the phrase of the token embedding&apos;s norm, the position vector&apos;s and their ratio: how much of the sum is position. Joined: %1.</source>
        <translation>对整个句子取平均的词元嵌入范数、位置向量范数及其比值：和里有多少是位置。结合方式：%1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>X = the tokens alone</source>
        <translation>X = 仅词元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>X = the tokens; q, k rotated by position · θ_t</source>
        <translation>X = 词元；q、k 按 位置 · θ_t 旋转</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>X = the tokens; a bias that depends on the offset j − i is added to the scores</source>
        <translation>X = 词元；得分上加一个取决于偏移 j − i 的偏置</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Δ, +%1 = 0</source>
        <translation>差值，+%1 = 0</translation>
    </message>
    <message>
        <location filename="../../ui/views/attention/attentionview.cpp" line="+70"/>
        <source>S&amp;huffle</source>
        <translation>打乱(&amp;H)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Attention lab: one attention head over a phrase, without and with position information</source>
        <translation>注意力实验室：一个注意力头作用于一个句子，分别在没有和有位置信息时</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Type a phrase (tokens split at spaces; Chinese one token per character, up to %1) and press Enter, or pick one</source>
        <translation>输入一个句子（按空格切分词元；中文每个字一个词元，最多 %1 个）并按回车，或从列表中选择</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Put the tokens in the order of the shuffle test</source>
        <translation>把词元排成打乱测试的顺序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>random order</source>
        <translation>随机顺序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reversed</source>
        <translation>倒序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shuffle test&apos;s order: a permutation drawn from the random seed, or the phrase reversed (我 吃 鱼 → 鱼 吃 我 keeps every distance |i − j|)</source>
        <translation>打乱测试的顺序：由随机种子生成的排列，或把句子倒过来（我 吃 鱼 → 鱼 吃 我 保持每个距离 |i − j| 不变）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The random seed of the token embeddings, the weights, the learned and T5 tables and the shuffle: the same seed gives the same figure</source>
        <translation>词元嵌入、权重、可学习表和 T5 表以及打乱顺序所用的随机种子：同一随机种子给出同一张图</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>identity</source>
        <translation>单位矩阵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>W_q, W_k, W_v: seeded random N(0, 1/d) entries, or the identity (q = k = v = x)</source>
        <translation>W_q、W_k、W_v：由随机种子生成的 N(0, 1/d) 随机元素，或单位矩阵（q = k = v = x）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>add</source>
        <translation>相加</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>concat + project</source>
        <translation>拼接 + 投影</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>α-weighted</source>
        <translation>α 加权</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How the sinusoidal or learned position vector joins the token embedding</source>
        <translation>正弦或可学习的位置向量与词元嵌入的结合方式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>α, the token&apos;s weight in α · token + (1 − α) · position</source>
        <translation>α：α · 词元 + (1 − α) · 位置 中词元的权重</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The shift test: the phrase at this many positions later</source>
        <translation>平移测试：把句子往后移这么多个位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>interleaved</source>
        <translation>交错</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rotate_half</source>
        <translation>rotate_half</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The dimensions RoPE rotates together: llama&apos;s interleaved pairs (2t, 2t + 1) or Hugging Face&apos;s rotate_half pairs (t, t + d/2)</source>
        <translation>RoPE 一起旋转的维度：llama 的交错配对 (2t, 2t + 1)，或 Hugging Face 的 rotate_half 配对 (t, t + d/2)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The head shown (ALiBi&apos;s slope, T5&apos;s column)</source>
        <translation>显示的头（ALiBi 的斜率、T5 表的列）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The rows of the learned table: positions 0 to N − 1; a later position has no row</source>
        <translation>可学习表的行数：位置 0 到 N − 1；更靠后的位置没有对应的行</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>P&amp;hrase:</source>
        <translation>句子(&amp;H)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Random s&amp;eed:</source>
        <translation>随机种子(&amp;E)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Weights:</source>
        <translation>权重(&amp;W)：</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>&amp;Join:</source>
        <translation>结合(&amp;J)：</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>The model&apos;s heads H: ALiBi&apos;s slopes 2^(−8(h+1)/H) for every H (ALiBi&apos;s published code and BLOOM differ when H is not a power of 2), T5&apos;s table</source>
        <translation>模型的头数 H：对任何 H 都用 ALiBi 的斜率 2^(−8(h+1)/H)（H 不是 2 的幂时，ALiBi 公开的代码和 BLOOM 的取法不同）、T5 的表</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Shi&amp;ft test:</source>
        <translation>平移测试(&amp;F)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;RoPE pairs:</source>
        <translation>&amp;RoPE 配对：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>H&amp;eads:</source>
        <translation>头数(&amp;E)：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>h&amp;ead:</source>
        <translation>头(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Learned rows:</source>
        <translation>可学习行数(&amp;L)：</translation>
    </message>
    <message numerus="yes">
        <location line="+128"/>
        <source>The phrase holds %n token(s); it must hold 1 to %1 (Chinese counts one token per character).</source>
        <translation>
            <numerusform>这个句子含有 %n 个词元；必须为 1 到 %1 个（中文每个字算一个词元）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+40"/>
        <source>α = %1</source>
        <translation>α = %1</translation>
    </message>
    <message numerus="yes">
        <location line="+82"/>
        <source>Attention lab: one head over “%1” (%n token(s), positions from %2), random seed %3, d_model %4.</source>
        <translation>
            <numerusform>注意力实验室：一个头作用于“%1”（%n 个词元，位置从 %2 开始），随机种子 %3，d_model %4。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: shuffled, the output rows %2 and their mean %3; shifted by %4, the scores change by up to %5.</source>
        <translation>%1：打乱之后，输出行%2，平均%3；平移 %4 之后，得分最多变化 %5。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only move with their tokens</source>
        <translation>只随各自的词元移动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>change</source>
        <translation>改变</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stays the same</source>
        <translation>保持不变</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>changes</source>
        <translation>改变</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>&lt;b&gt;Score of “%1” (token %2, position %3) attending to “%4” (token %5, position %6), %7&lt;/b&gt;</source>
        <translation>&lt;b&gt;“%1”（词元 %2，位置 %3）关注“%4”（词元 %5，位置 %6）的得分，%7&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>x_i joins the token embedding and scale · PE(%2) (scale %3): %1.</source>
        <translation>x_i 由词元嵌入和 scale · PE(%2)（scale %3）结合而成：%1。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>x_i joins the token embedding and row %2 of the learned table: %1.</source>
        <translation>x_i 由词元嵌入和可学习表的第 %2 行结合而成：%1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>q_i and k_j are rotated by position × θ_t, θ_t = base^(−2t/d): their dot product depends on j − i = %1 only.</source>
        <translation>q_i 和 k_j 按 位置 × θ_t 旋转，θ_t = base^(−2t/d)：它们的点积只取决于 j − i = %1。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>q_i · k_j = %1; divided by √d = √%2: %3</source>
        <translation>q_i · k_j = %1；除以 √d = √%2：%3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ALiBi bias −slope · |i − j| = −%1 × %2 = %3 (head %4 of %5, slope 2^(−8(h+1)/H))</source>
        <translation>ALiBi 偏置 −slope · |i − j| = −%1 × %2 = %3（第 %4 个头，共 %5 个，斜率 2^(−8(h+1)/H)）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>H = %1 is not a power of 2: ALiBi&apos;s published code and BLOOM give head %2 the slope %3; the lab uses 2^(−8(h+1)/H) for every H.</source>
        <translation>H = %1 不是 2 的幂：ALiBi 公开的代码和 BLOOM 给第 %2 个头的斜率是 %3；本实验室对任何 H 都用 2^(−8(h+1)/H)。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>T5 bias of bucket %1 (offset j − i = %2, %3 buckets, max distance %4): %5</source>
        <translation>T5 桶 %1 的偏置（偏移 j − i = %2，%3 个桶，最大距离 %4）：%5</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>relative bias q_i · PE(|i − j|) / √d = q_i · PE(%1) / √%2 = %3</source>
        <translation>相对偏置 q_i · PE(|i − j|) / √d = q_i · PE(%1) / √%2 = %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>score = %1</source>
        <translation>得分 = %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight = exp(score − max of row %1) / Σ over the row = %2 (the row sums to 1)</source>
        <translation>权重 = exp(得分 − 第 %1 行的最大值) / 整行之和 = %2（每行之和为 1）</translation>
    </message>
</context>
<context>
    <name>posenc::CheckView</name>
    <message>
        <location filename="../../ui/views/check/checkdescriptor.cpp" line="+36"/>
        <source>Several tensors of %1 could be the position table. Which one should be checked?</source>
        <translation>%1 中有多个张量可能是位置表。要检查哪一个？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No tensor of %1 is named like a position table. Which 2-D tensor should be checked?</source>
        <translation>%1 中没有名称像位置表的张量。要检查哪个二维张量？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a Tensor</source>
        <translation>选择张量</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+16"/>
        <source>--check-file: %1</source>
        <translation>--check-file：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>C&amp;heck</source>
        <translation>检查(&amp;H)</translation>
    </message>
    <message>
        <location line="+12"/>
        <location filename="../../ui/views/check/checkviewtext.cpp" line="+150"/>
        <source>The file is still being read and checked.</source>
        <translation>该文件仍在读取和检查中。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Check an &amp;Encoding…</source>
        <translation>检查编码(&amp;E)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Encoding matrices and checkpoints (*.npy *.csv *.txt *.safetensors *.safetensors.index.json);;All files (*)</source>
        <translation>编码矩阵和检查点 (*.npy *.csv *.txt *.safetensors *.safetensors.index.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ui/views/check/checkviewtext.cpp" line="-126"/>
        <source>interleaved (sin at even columns, cos at odd)</source>
        <translation>交错（偶数列为 sin，奇数列为 cos）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>split [sin | cos]</source>
        <translation>分块 [sin | cos]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>split [cos | sin]</source>
        <translation>分块 [cos | sin]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>interleaved with cos at even columns</source>
        <translation>交错，但偶数列为 cos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a RoPE cache [θ | θ] (rotate_half)</source>
        <translation>RoPE 缓存 [θ | θ]（rotate_half）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a RoPE cache, each angle twice in a row (rotate_every_two)</source>
        <translation>RoPE 缓存，每个角度连续写两次（rotate_every_two）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not identified</source>
        <translation>未能识别</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>paper, w_k = base^(−2k/d)</source>
        <translation>论文约定，w_k = base^(−2k/d)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tensor2tensor, w_k = base^(−k/(n−1))</source>
        <translation>tensor2tensor 约定，w_k = base^(−k/(n−1))</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fitted from the data (no published ladder)</source>
        <translation>由数据拟合（不是已发表的频率阶梯）</translation>
    </message>
    <message>
        <location filename="../../ui/views/check/checkview.cpp" line="-430"/>
        <location line="+341"/>
        <source>&amp;Use this convention</source>
        <translation>采用这一约定(&amp;U)</translation>
    </message>
    <message>
        <location line="-339"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Check an encoding: a matrix from a file, the convention it follows and its bugs</source>
        <translation>检查编码：来自文件的矩阵、它遵循的约定及其中的错误</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Set the app&apos;s parameters to the convention identified in the file, so that every view shows it</source>
        <translation>把程序的参数设为文件中识别出的约定，让每个视图都显示它</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reading and checking the file</source>
        <translation>正在读取并检查文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop reading this file and go back to the one shown before</source>
        <translation>停止读取此文件，回到之前显示的文件</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the file</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+142"/>
        <source>the reference identified</source>
        <translation>识别出的参考编码</translation>
    </message>
    <message>
        <location line="-142"/>
        <location line="+336"/>
        <source>file − reference</source>
        <translation>文件 − 参考</translation>
    </message>
    <message>
        <location line="-322"/>
        <location line="+138"/>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <location line="-113"/>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+31"/>
        <location line="+75"/>
        <source>frequency index k</source>
        <translation>频率序号 k</translation>
    </message>
    <message>
        <location line="-74"/>
        <location line="+73"/>
        <source>frequency w_k (rad per position)</source>
        <translation>频率 w_k（每个位置的弧度）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>w_k</source>
        <translation>w_k</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>Use this convention</source>
        <translation>采用这一约定</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every view now shows the convention of the file.</source>
        <translation>现在每个视图都显示该文件的约定。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every view now shows the convention of the file, except: %1</source>
        <translation>现在每个视图都显示该文件的约定，但以下几点除外：%1</translation>
    </message>
    <message>
        <location line="+120"/>
        <source>%1: %2 %3, %4 positions × %5 dimensions</source>
        <translation>%1：%2 %3，%4 个位置 × %5 个维度</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>row r</source>
        <translation>第 r 行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>position pos</source>
        <translation>位置 pos</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Convention in use</source>
        <translation>已在使用该约定</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1: reading and checking…</source>
        <translation>%1：正在读取并检查…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reading and checking %1 in the background; the window stays usable. Cancel goes back to the file shown before.</source>
        <translation>正在后台读取并检查 %1；窗口仍可使用。“取消”会回到之前显示的文件。</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>paper</source>
        <translation>论文</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>paper, base 10000</source>
        <translation>论文约定，底数 10000</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>file: sin columns</source>
        <translation>文件：sin 列</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>file: cos columns</source>
        <translation>文件：cos 列</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>file: fitted ladder</source>
        <translation>文件：拟合的频率阶梯</translation>
    </message>
    <message>
        <location filename="../../ui/views/check/checkdescriptor.cpp" line="-82"/>
        <location line="+8"/>
        <location filename="../../ui/views/check/checkview.cpp" line="+15"/>
        <location filename="../../ui/views/check/checkviewtext.cpp" line="+172"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/views/check/checkviewtext.cpp" line="-146"/>
        <source>Does not match a published convention: %1, %2; the largest difference from the closest convention is %3.</source>
        <translation>与任何已发表的约定都不一致：%1，%2；与最接近的约定的最大差值为 %3。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/views/check/checkview.cpp" line="-33"/>
        <source>sin</source>
        <translation>sin</translation>
    </message>
    <message>
        <location line="-358"/>
        <source>difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <location line="+190"/>
        <source>file − reference (±%1)</source>
        <translation>文件 − 参考（±%1）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>difference (±%1)</source>
        <translation>差值（±%1）</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>cos</source>
        <translation>cos</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Columns: %1</source>
        <translation>列：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fix: %1</source>
        <translation>修正：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Used by: %1</source>
        <translation>使用者：%1</translation>
    </message>
    <message>
        <location filename="../../ui/views/check/checkviewtext.cpp" line="-19"/>
        <source>Cannot check this file: %1</source>
        <translation>无法检查这个文件：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No sinusoidal encoding: a learned table (its principal components are plotted).</source>
        <translation>不是正弦位置编码：这是一张学习得到的表（图中画出了它的主成分）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A RoPE cache, reproduced by its angles: the largest difference is %1 (allowed %2).</source>
        <translation>一个 RoPE 缓存，由其角度重现：最大差值为 %1（允许 %2）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Matches a published convention: the largest difference is %1 (allowed %2).</source>
        <translation>与一种已发表的约定一致：最大差值为 %1（允许 %2）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A published convention plus a residual of RMS %1 (largest %2, allowed %3).</source>
        <translation>一个已发表的约定加上一个残差：均方根 %1（最大 %2，允许 %3）。</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Layout: %1</source>
        <translation>布局：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>frequencies: %1</source>
        <translation>频率：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>base %1</source>
        <translation>底数 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no base fits</source>
        <translation>没有相符的底数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>row r at position %1 + r · %2</source>
        <translation>第 r 行位于位置 %1 + r · %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scale 1 (fitted amplitude %1, not told apart from 1)</source>
        <translation>缩放 1（拟合幅度 %1，与 1 无法区分）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scale %1</source>
        <translation>缩放 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stored as %1</source>
        <translation>存储为 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>computed in %1</source>
        <translation>计算精度 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>transposed (dimensions along the file&apos;s first axis)</source>
        <translation>已转置（维度沿文件的第一个轴）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1.</source>
        <translation>%1。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>d_model %1 is outside the app&apos;s range %2.</source>
        <translation>d_model %1 超出了程序的范围 %2。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 positions is more than the app shows: seq_len is %2.</source>
        <translation>%1 个位置超过了程序能显示的数量：seq_len 设为 %2。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The layout [cos | sin] is shown as [sin | cos].</source>
        <translation>布局 [cos | sin] 按 [sin | cos] 显示。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A RoPE cache holds cos (or sin) of its angles twice: the app shows the sin/cos encoding of the same angles.</source>
        <translation>RoPE 缓存把其角度的 cos（或 sin）各存两次：本应用显示同一组角度的 sin/cos 编码。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The layout was not identified: the app keeps its own.</source>
        <translation>未能识别布局：程序保留自己的布局。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The fitted frequency ladder has no equivalent: the app uses the paper&apos;s ladder at the base closest to it.</source>
        <translation>拟合出的频率阶梯没有对应的约定：程序使用与之最接近的底数下的论文频率阶梯。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No base in the app&apos;s range fits the file: the base stays %1.</source>
        <translation>程序范围内没有与文件相符的底数：底数保持为 %1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Consecutive rows are %1 positions apart; the app&apos;s rows are 1 apart.</source>
        <translation>相邻两行相隔 %1 个位置；程序中相邻两行相隔 1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The convention found cannot be shown with the app&apos;s parameters.</source>
        <translation>找到的约定无法用程序的参数表示。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Row %1, column %2 is outside the file&apos;s matrix of %3 positions × %4 dimensions.</source>
        <translation>第 %1 行、第 %2 列超出了文件矩阵的范围（%3 个位置 × %4 个维度）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Row %1 (position %2), dimension %3:</source>
        <translation>第 %1 行（位置 %2），维度 %3：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the reference: 0 (the file zeroes this row on purpose, a padding index)</source>
        <translation>参考：0（文件有意把这一行置零，它是填充索引）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the reference: 0 (a zero column)</source>
        <translation>参考：0（零列）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the reference: %1 · %2(w_%3 · pos) = %1 · %2(%4 · %5) = %6</source>
        <translation>参考：%1 · %2(w_%3 · pos) = %1 · %2(%4 · %5) = %6</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>computed in %1, as the file shows</source>
        <translation>按文件所显示的精度 %1 计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>difference file − reference: %1</source>
        <translation>差值 文件 − 参考：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the column&apos;s frequency fitted from the data: %1</source>
        <translation>由数据拟合出的该列频率：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The check of %1: the file is being read and checked.</source>
        <translation>%1 的检查：正在读取并检查该文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The check of %1.</source>
        <translation>对 %1 的检查。</translation>
    </message>
</context>
<context>
    <name>posenc::ClockFaceGrid</name>
    <message>
        <location filename="../../ui/views/rotation/clockfacegrid.cpp" line="+129"/>
        <location line="+217"/>
        <source>i = %1</source>
        <translation>i = %1</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>pair i = %1 (%2)
hand at pos · w = %3 rad
light hand at (pos + k) · w = %4 rad
click to show this pair</source>
        <translation>维度对 i = %1（%2）
指针位于 pos · w = %3 rad
浅色指针位于 (pos + k) · w = %4 rad
点击以显示这个维度对</translation>
    </message>
</context>
<context>
    <name>posenc::ComponentsPlot</name>
    <message>
        <location filename="../../ui/views/check/componentsplot.cpp" line="+39"/>
        <source>positions in order</source>
        <translation>按顺序排列的位置</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>PC1 (%1 % of the variance)</source>
        <translation>第一主成分（占方差 %1%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PC2 (%1 % of the variance)</source>
        <translation>第二主成分（占方差 %1%）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>position %1</source>
        <translation>位置 %1</translation>
    </message>
</context>
<context>
    <name>posenc::ContextView</name>
    <message>
        <location filename="../../ui/views/context/contextview.cpp" line="-88"/>
        <source>RoPE turns pairs of dimensions: d_model, the head dimension here, must be even and at least %1 (it is %2).</source>
        <translation>RoPE 成对旋转维度：d_model（此处即头维度）必须是偶数且至少为 %1（现在是 %2）。</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>L: the length the model was trained on</source>
        <translation>L：模型训练时的长度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>s: how many times longer the model should read</source>
        <translation>s：模型要读取的长度是训练长度的多少倍</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The current sequence length, which dynamic NTK scales from (0: s·L)</source>
        <translation>当前序列长度，动态 NTK 据此缩放（0：s·L）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>YaRN&apos;s beta_fast: pairs making more turns within L are kept</source>
        <translation>YaRN 的 beta_fast：在 L 内转过更多圈的维度对保持不变</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>YaRN&apos;s beta_slow: pairs making fewer turns within L are divided by s</source>
        <translation>YaRN 的 beta_slow：在 L 内转过更少圈的维度对除以 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;round</source>
        <translation>取整(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Llama 3.1&apos;s low_freq_factor: wavelengths beyond L / it are divided by s</source>
        <translation>Llama 3.1 的 low_freq_factor：波长超过 L 除以它的对除以 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Llama 3.1&apos;s high_freq_factor: wavelengths under L / it are kept</source>
        <translation>Llama 3.1 的 high_freq_factor：波长小于 L 除以它的对保持不变</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Context-extension lab: how RoPE&apos;s frequencies are stretched past the training length</source>
        <translation>上下文扩展实验：RoPE 的频率如何被拉伸到训练长度之外</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>s·L</source>
        <translation>s·L</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>YaRN rounds the ramp&apos;s ends to whole pairs (transformers&apos; truncate)</source>
        <translation>YaRN 把过渡带两端取整到整数对（transformers 的 truncate）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>wavelength 2π / inv_freq (positions)</source>
        <translation>波长 2π / inv_freq（位置数）</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>File &gt; Open a Model&apos;s Config… puts a model&apos;s own RoPE here</source>
        <translation>“文件 &gt; 打开模型配置…”会把某个模型自己的 RoPE 放在这里</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close the model&apos;s config: the right method is the lab&apos;s own again</source>
        <translation>关闭模型配置：右侧重新使用实验室自己的方法</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Left:</source>
        <translation>左(&amp;L)：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Ri&amp;ght:</source>
        <translation>右(&amp;G)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L:</source>
        <translation>L：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;s:</source>
        <translation>&amp;s：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Le&amp;ngth:</source>
        <translation>长度(&amp;N)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>YaRN β fast:</source>
        <translation>YaRN β fast：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>β slow:</source>
        <translation>β slow：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>divisor</source>
        <translation>除数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>turns</source>
        <translation>圈数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>decay bound</source>
        <translation>衰减上界</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attention factor</source>
        <translation>注意力因子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cached keys</source>
        <translation>缓存键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the second plot shows: each pair&apos;s divisor or turns, RoFormer&apos;s decay bound against distance, the attention factor against s, the angle error of cached keys</source>
        <translation>第二幅图显示的内容：每个维度对的除数或圈数、RoFormer 随距离的衰减上界、注意力因子随 s 的变化、缓存键的角度误差</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Llama 3.1 low:</source>
        <translation>Llama 3.1 low：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>high:</source>
        <translation>high：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Plot:</source>
        <translation>图(&amp;P)：</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>pair index i (0: the fastest)</source>
        <translation>维度对序号 i（0：最快）</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>from %1</source>
        <translation>来自 %1</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>L/%1 (%2)</source>
        <translation>L/%1（%2）</translation>
    </message>
    <message>
        <location line="+129"/>
        <source>%1 — pairs kept: %2, divided by s: %3, in between: %4</source>
        <translation>%1 —— 保持不变的对：%2，除以 s 的对：%3，介于两者之间的对：%4</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>; pairs that turn through angles training never showed them within %1 positions: %2</source>
        <translation>；在 %1 个位置内转过训练中从未见过的角度的维度对：%2 对</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>From %1: head dimension %2, base %3, trained on L = %4, s = %5. </source>
        <translation>来自 %1：头维度 %2，底数 %3，训练长度 L = %4，s = %5。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>&lt;b&gt;Pair %1 of %2 (head dimension %3)&lt;/b&gt;</source>
        <translation>&lt;b&gt;第 %1 对（共 %2 对，头维度 %3）&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="-200"/>
        <source>L = %1 (trained)</source>
        <translation>L = %1（训练长度）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>s·L = %1</source>
        <translation>s·L = %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Wavelength of each pair</source>
        <translation>各维度对的波长</translation>
    </message>
    <message>
        <location line="+129"/>
        <source> (ramp over pairs %1)</source>
        <translation>（过渡带为第 %1 对）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (base %1)</source>
        <translation>（base %1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>; attention factor %1, logits × %2.</source>
        <translation>；注意力因子 %1，logits × %2。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>As trained: inv_freq = base^(−2i/d) = %1^(−%2/%3) = %4; wavelength 2π / inv_freq = %5 positions; within L = %6 it makes L / wavelength = %7 turns.</source>
        <translation>训练时：inv_freq = base^(−2i/d) = %1^(−%2/%3) = %4；波长 2π / inv_freq = %5 个位置；在 L = %6 内转过 L / 波长 = %7 圈。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Less than one turn within L: training showed it only the angles from 0 to %1 rad.</source>
        <translation>在 L 内不到一圈：训练只让它见过 0 到 %1 rad 的角度。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: divided by κ = %2, inv_freq %3, wavelength %4.</source>
        <translation>%1：除以 κ = %2，inv_freq %3，波长 %4。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Within %1 positions it turns to %2 rad, beyond what training showed it.</source>
        <translation>在 %1 个位置内它转到 %2 rad，超出了训练中见过的角度。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Context-extension lab: %1</source>
        <translation>上下文扩展实验：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Context-extension lab: head dimension %1 (%2 pairs), base %3, trained on L = %4, stretched %5 times.</source>
        <translation>上下文扩展实验：头维度 %1（%2 对），base %3，训练长度 L = %4，拉伸 %5 倍。</translation>
    </message>
    <message>
        <location filename="../../ui/views/context/contextdescriptor.cpp" line="+99"/>
        <source>Conte&amp;xt</source>
        <translation>上下文(&amp;X)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Open a &amp;Model&apos;s Config…</source>
        <translation>打开模型配置(&amp;M)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model configs (config.json *.json);;All files (*)</source>
        <translation>模型配置 (config.json *.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>posenc::CurvesView</name>
    <message>
        <location filename="../../ui/views/curves/curvesview.cpp" line="+59"/>
        <source>Curves of chosen dimensions</source>
        <translation>所选维度的曲线</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Dimensions:</source>
        <translation>维度(&amp;D)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Columns of PE to draw, such as 0-5 or 0, 2, 64-66 (at most %1).</source>
        <translation>要绘制的 PE 列，例如 0-5 或 0, 2, 64-66（最多 %1 个）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dimensions to draw</source>
        <translation>要绘制的维度</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>position pos</source>
        <translation>位置 pos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PE(pos, dimension)</source>
        <translation>PE(pos, 维度)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>pos</source>
        <translation>pos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pos + k</source>
        <translation>pos + k</translation>
    </message>
    <message>
        <location line="+220"/>
        <source>dim %1: sin, i = %2</source>
        <translation>维度 %1：sin，i = %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dim %1: cos, i = %2</source>
        <translation>维度 %1：cos，i = %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dim %1: zero column</source>
        <translation>维度 %1：零列</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>The curves are denser than the pixels: dim %1 repeats every %2 pixels here. Zoom in with the mouse wheel over the positions you want to see.</source>
        <translation>曲线比像素还密：维度 %1 在这里每 %2 个像素就重复一次。把鼠标放在想看的位置上，用滚轮放大。</translation>
    </message>
</context>
<context>
    <name>posenc::ExportDialog</name>
    <message>
        <location filename="../../ui/export/exportdialog.cpp" line="+63"/>
        <location line="+420"/>
        <source>Export Figure</source>
        <translation>导出图形</translation>
    </message>
    <message>
        <location line="-420"/>
        <location line="+409"/>
        <source>Export All Open Views</source>
        <translation>导出所有已打开的视图</translation>
    </message>
    <message>
        <location filename="../../ui/export/animationdialog.cpp" line="-140"/>
        <location filename="../../ui/export/exportdialog.cpp" line="-403"/>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../ui/export/exportdialog.cpp" line="+2"/>
        <source>Choose the file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <location filename="../../ui/export/exportdialog.cpp" line="+0"/>
        <source>Choose the folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <location filename="../../ui/export/animationdialog.cpp" line="-5"/>
        <location filename="../../ui/export/exportdialog.cpp" line="+4"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../ui/export/exportdialog.cpp" line="+0"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The extension picks the format: .png, .svg or .pdf for a figure, .npy or .csv for the numbers behind the view</source>
        <translation>扩展名决定格式：图形用 .png、.svg 或 .pdf，视图背后的数值用 .npy 或 .csv</translation>
    </message>
    <message>
        <location filename="../../ui/export/animationdialog.cpp" line="+10"/>
        <location filename="../../ui/export/exportdialog.cpp" line="+2"/>
        <source>&amp;File:</source>
        <translation>文件(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../../ui/export/exportdialog.cpp" line="+4"/>
        <source>Each open view is written here, named after the view</source>
        <translation>每个已打开的视图都写入这里，以视图名命名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F&amp;older:</source>
        <translation>文件夹(&amp;O)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG image (.png)</source>
        <translation>PNG 图像 (.png)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG vector image (.svg)</source>
        <translation>SVG 矢量图 (.svg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF document (.pdf)</source>
        <translation>PDF 文档 (.pdf)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NumPy array (.npy)</source>
        <translation>NumPy 数组 (.npy)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comma-separated values (.csv)</source>
        <translation>逗号分隔值 (.csv)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fo&amp;rmat:</source>
        <translation>格式(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../../ui/export/animationdialog.cpp" line="-35"/>
        <location filename="../../ui/export/exportdialog.cpp" line="+5"/>
        <source>Size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/export/exportdialog.cpp" line="+1"/>
        <source>Single column (89 mm wide)</source>
        <translation>单栏（宽 89 mm）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/export/exportdialog.cpp" line="+1"/>
        <source>Double column (183 mm wide)</source>
        <translation>双栏（宽 183 mm）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/export/exportdialog.cpp" line="+1"/>
        <source>16:9 slide (254 mm wide)</source>
        <translation>16:9 幻灯片（宽 254 mm）</translation>
    </message>
    <message>
        <location filename="../../ui/export/exportdialog.cpp" line="+1"/>
        <source>Custom width and height</source>
        <translation>自定义宽度和高度</translation>
    </message>
    <message>
        <location filename="../../ui/export/animationdialog.cpp" line="+5"/>
        <location filename="../../ui/export/exportdialog.cpp" line="+1"/>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../ui/export/exportdialog.cpp" line="+11"/>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <source>%1 to %2 mm</source>
        <translation>%1 到 %2 mm</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <location filename="../../ui/export/animationdialog.cpp" line="+2"/>
        <location filename="../../ui/export/exportdialog.cpp" line="+1"/>
        <source>DPI</source>
        <translation>DPI</translation>
    </message>
    <message>
        <location filename="../../ui/export/exportdialog.cpp" line="+0"/>
        <source>%1 to %2 dots per inch</source>
        <translation>每英寸 %1 到 %2 点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Font size</source>
        <translation>字号</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 to %2 pt</source>
        <translation>%1 到 %2 磅</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Width (mm):</source>
        <translation>宽度（mm）(&amp;W)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Height (mm):</source>
        <translation>高度（mm）(&amp;H)：</translation>
    </message>
    <message>
        <location filename="../../ui/export/animationdialog.cpp" line="+10"/>
        <location filename="../../ui/export/exportdialog.cpp" line="+1"/>
        <source>&amp;DPI:</source>
        <translation>DPI(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../../ui/export/exportdialog.cpp" line="+1"/>
        <source>Font si&amp;ze (pt):</source>
        <translation>字号（磅）(&amp;Z)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print (safe in grayscale)</source>
        <translation>打印（灰度下也清晰）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Colour map</source>
        <translation>色图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Diverging, centred on zero</source>
        <translation>发散型，以零为中心</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Viridis (perceptually uniform)</source>
        <translation>Viridis（感知均匀）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Grayscale</source>
        <translation>灰度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Colour map:</source>
        <translation>色图(&amp;C)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Leave out the pos / pos + k markers and annotations</source>
        <translation>省略 pos / pos + k 标记和注释(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clean figure</source>
        <translation>简洁图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The data alone, as --clean writes it</source>
        <translation>只有数据，与 --clean 写出的相同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clean figure:</source>
        <translation>简洁图：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Number type</source>
        <translation>数值类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>64-bit floating point (float64)</source>
        <translation>64 位浮点数 (float64)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>32-bit floating point (float32)</source>
        <translation>32 位浮点数 (float32)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only for .npy and .csv data</source>
        <translation>仅用于 .npy 和 .csv 数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Numbers:</source>
        <translation>数值(&amp;N)：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy &amp;command line</source>
        <translation>复制命令行(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put the posenc-lab command that writes this file on the clipboard</source>
        <translation>把写出此文件的 posenc-lab 命令复制到剪贴板</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Preview of the page</source>
        <translation>页面预览</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>%1 × %2 mm</source>
        <translation>%1 × %2 毫米</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>The PNG will be %1 × %2 pixels.</source>
        <translation>PNG 将为 %1 × %2 像素。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>File: choose a file name.</source>
        <translation>文件：请选择文件名。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File: “%1” has no extension; use .png, .svg or .pdf for a figure, .npy or .csv for data.</source>
        <translation>文件：“%1”没有扩展名；图形请用 .png、.svg 或 .pdf，数据请用 .npy 或 .csv。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File: “.%1” is not a format PosEnc Lab writes; use .png, .svg or .pdf for a figure, .npy or .csv for data.</source>
        <translation>文件：PosEnc Lab 不能写出“.%1”格式；图形请用 .png、.svg 或 .pdf，数据请用 .npy 或 .csv。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>File: the folder “%1” does not exist.</source>
        <translation>文件：文件夹“%1”不存在。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Folder: choose a folder.</source>
        <translation>文件夹：请选择文件夹。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Folder: “%1” does not exist.</source>
        <translation>文件夹：“%1”不存在。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Width: “%1” is not a width from %2 to %3 mm.</source>
        <translation>宽度：“%1”不是 %2 到 %3 mm 之间的宽度。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Height: “%1” is not a height from %2 to %3 mm.</source>
        <translation>高度：“%1”不是 %2 到 %3 mm 之间的高度。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>DPI: “%1” is not a whole number from %2 to %3.</source>
        <translation>DPI：“%1”不是 %2 到 %3 之间的整数。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Font size: “%1” is not a size from %2 to %3 pt.</source>
        <translation>字号：“%1”不是 %2 到 %3 磅之间的字号。</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>The command line that writes this file is on the clipboard.</source>
        <translation>写出此文件的命令行已复制到剪贴板。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SVG vector image (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NumPy array (*.npy)</source>
        <translation>NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comma-separated values (*.csv)</source>
        <translation>逗号分隔值 (*.csv)</translation>
    </message>
</context>
<context>
    <name>posenc::FigureExport</name>
    <message>
        <location filename="../../ui/export/figurerequest.cpp" line="+78"/>
        <source>the page is %1 x %2 dots at %3 dpi (%4 megapixels), more than the %5 megapixels a figure may have (its memory grows with them)</source>
        <translation>页面在 %3 dpi 下为 %1 x %2 点（%4 百万像素），超过了图形允许的 %5 百万像素（所需内存随之增长）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1; lower the DPI to %2 or make the page smaller</source>
        <translation>%1；请把 DPI 降到 %2 或更低，或缩小页面</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; make the page smaller</source>
        <translation>%1；请缩小页面</translation>
    </message>
</context>
<context>
    <name>posenc::HeatmapView</name>
    <message>
        <location filename="../../ui/views/heatmap/heatmapview.cpp" line="+69"/>
        <source>Only &amp;dimensions:</source>
        <translation>仅显示维度(&amp;D)：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Heatmap of the encoding</source>
        <translation>位置编码热力图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show only the dimensions listed, such as 0-5, instead of every column.</source>
        <translation>只显示列出的维度（例如 0-5），而不是全部列。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Dimensions the heatmap shows</source>
        <translation>热图显示的维度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up to %1 dimensions, such as 0-5 or 0, 2, 64-66; Enter applies.</source>
        <translation>最多 %1 个维度，例如 0-5 或 0, 2, 64-66；按回车生效。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>dimension (column of PE)</source>
        <translation>维度（PE 的列）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>position pos</source>
        <translation>位置 pos</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>PE value</source>
        <translation>PE 值</translation>
    </message>
    <message>
        <location line="+174"/>
        <source>pos = %1</source>
        <translation>pos = %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pos + k = %1</source>
        <translation>pos + k = %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>pos = pos + k = %1</source>
        <translation>pos = pos + k = %1</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>drawn from the means of boxes of %1 × %2 cells (positions × dimensions)</source>
        <translation>由 %1 × %2 个单元格（位置 × 维度）的方块均值绘制</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>each pixel: the mean of %1 × %2 cells (positions × dimensions; zoom in for single cells)</source>
        <translation>每个像素：%1 × %2 个单元格（位置 × 维度）的均值（放大可看单个单元格）</translation>
    </message>
</context>
<context>
    <name>posenc::InspectorPanel</name>
    <message>
        <location filename="../../ui/window/inspectorpanel.cpp" line="+19"/>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Computation behind the selected value</source>
        <translation>所选值背后的计算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click a cell or a point in any view to see here where its number comes from.</source>
        <translation>在任意视图中点击一个单元格或一个点，这里会显示它的数值从何而来。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Click a cell or a point in any view to see the computation behind it.</source>
        <translation>在任意视图中点击一个单元格或一个点，即可查看它背后的计算过程。</translation>
    </message>
    <message>
        <location filename="../../ui/views/heatmap/heatmapdescriptor.cpp" line="+49"/>
        <source>Column %1 is beyond d_model = %2.</source>
        <translation>第 %1 列超出了 d_model = %2。</translation>
    </message>
</context>
<context>
    <name>posenc::KeyboardHelp</name>
    <message>
        <location filename="../../ui/window/keyboardhelp.cpp" line="+82"/>
        <location line="+6"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move to the next or the previous control</source>
        <translation>移到下一个或上一个控件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alt+underlined letter</source>
        <translation>Alt+括号中的字母</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Open a menu or press the labelled button</source>
        <translation>打开菜单，或按下标有该字母的按钮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In the lessons list: show me the lesson; on a focused button: press it (Space plays)</source>
        <translation>在课程列表中：演示该课；在获得焦点的按钮上：按下它（空格键用于播放）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close this list or any dialog</source>
        <translation>关闭此列表或任何对话框</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+1"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Shortcuts</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each row: the keys, then what they do</source>
        <translation>每行：先是按键，然后是它们的作用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When an entry, a slider or a button has the focus, Space and the arrow keys act on it first.</source>
        <translation>当输入框、滑块或按钮获得焦点时，空格键和方向键先作用于它。</translation>
    </message>
</context>
<context>
    <name>posenc::LessonsPanel</name>
    <message>
        <location filename="../../ui/classroom/lessonspanel.cpp" line="+186"/>
        <source>◀ &amp;Previous</source>
        <translation>◀ 上一课(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>Previous lesson</source>
        <translation>上一课</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Next ▶</source>
        <translation>下一课(&amp;N) ▶</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>Next lesson</source>
        <translation>下一课</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>Show me</source>
        <translation>演示给我看</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set the parameters of this lesson and open its view</source>
        <translation>设置本课的参数并打开对应的视图</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The lessons in order; Enter applies the lesson</source>
        <translation>按顺序排列的课程；按 Enter 应用所选课程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lesson text</source>
        <translation>课程正文</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The current lesson, with its formula</source>
        <translation>当前课程及其公式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New here? The lessons go step by step: read one, then press “Show me” to see it in the view.</source>
        <translation>第一次使用？课程循序渐进：先读一课，再点“演示给我看”，在视图中看到它。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start with Lesson 1</source>
        <translation>从第 1 课开始</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the first lesson and show its view</source>
        <translation>打开第一课并显示它的视图</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Go to another lesson</source>
        <translation>转到另一课</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
</context>
<context>
    <name>posenc::MainWindow</name>
    <message>
        <location filename="../../ui/window/mainwindow.cpp" line="+51"/>
        <location filename="../../ui/window/presetdocument.cpp" line="+197"/>
        <source>PosEnc Lab</source>
        <translation>PosEnc Lab 位置编码实验室</translation>
    </message>
    <message>
        <location filename="../../ui/window/windowlayout.cpp" line="+61"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Bring the panel to the front, opening it if it is closed</source>
        <translation>将面板调到最前；若已关闭则打开它</translation>
    </message>
    <message>
        <location filename="../../ui/views/heatmap/heatmapdescriptor.cpp" line="-22"/>
        <source>&amp;Heatmap</source>
        <translation>热力图(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../ui/views/curves/curvesdescriptor.cpp" line="-9"/>
        <source>&amp;Curves</source>
        <translation>曲线(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/views/spectrum/spectrumdescriptor.cpp" line="+22"/>
        <source>&amp;Spectrum</source>
        <translation>频谱(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationdescriptor.cpp" line="+20"/>
        <source>&amp;Rotation</source>
        <translation>旋转(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/views/similarity/similaritydescriptor.cpp" line="+20"/>
        <source>S&amp;imilarity</source>
        <translation>相似度(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../ui/views/temporal/temporaldescriptor.cpp" line="+19"/>
        <source>&amp;Temporal</source>
        <translation>时间编码(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../ui/window/windowmenus.cpp" line="+61"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Open Preset…</source>
        <translation>打开预设(&amp;O)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load parameters, view and export settings from a preset file</source>
        <translation>从预设文件载入参数、视图和导出设置</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Save Preset</source>
        <translation>保存预设(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save parameters, view and export settings to the preset file</source>
        <translation>把参数、视图和导出设置保存到预设文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save Preset &amp;As…</source>
        <translation>预设另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write the current view as a PNG, SVG or PDF figure, or its numbers</source>
        <translation>把当前视图导出为 PNG、SVG 或 PDF 图形，或导出它的数值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export &amp;All Open Views…</source>
        <translation>导出所有已打开的视图(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write every open view into one folder</source>
        <translation>把每个已打开的视图写入同一个文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export &amp;data…</source>
        <translation>导出数据(&amp;D)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the numbers behind the current view as .npy or .csv</source>
        <translation>将当前视图背后的数值保存为 .npy 或 .csv</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take back the last change of a parameter or view option</source>
        <translation>撤回上一次对参数或视图选项的修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make the change taken back again</source>
        <translation>重新做出刚撤回的修改</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Copy &amp;Figure</source>
        <translation>复制图形(&amp;F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy Figure</source>
        <translation>复制图形</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Put the current view on the clipboard as an image</source>
        <translation>把当前视图作为图像复制到剪贴板</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy Command &amp;Line</source>
        <translation>复制命令行(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Put the posenc-lab command that exports the current view on the clipboard</source>
        <translation>把导出当前视图的 posenc-lab 命令复制到剪贴板</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/window/mainwindow.cpp" line="+356"/>
        <source>%1: no view opens this kind of file</source>
        <translation>%1：没有哪个视图能打开这类文件</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../../ui/window/viewpages.cpp" line="+121"/>
        <location line="+117"/>
        <source>Views</source>
        <translation>视图</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>%1 (closed: select it to open it again)</source>
        <translation>%1（已关闭：选中即可重新打开）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Every view is closed.
Open one from the list on the left, the View menu, or with %1 to %2.</source>
        <translation>所有视图都已关闭。
可从左侧列表、“视图”菜单，或用 %1 到 %2 打开一个。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The encoding</source>
        <translation>编码本身</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Labs</source>
        <translation>实验室</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>&amp;Open View</source>
        <translation>打开视图(&amp;O)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&amp;Next View</source>
        <translation>下一个视图(&amp;N)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>P&amp;revious View</source>
        <translation>上一个视图(&amp;R)</translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+26"/>
        <source>&amp;Close View</source>
        <translation>关闭视图(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/window/windowmenus.cpp" line="+3"/>
        <source>&amp;Describe View</source>
        <translation>描述视图(&amp;D)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What the current view shows, in words</source>
        <translation>用文字说明当前视图显示的内容</translation>
    </message>
    <message>
        <location filename="../../ui/window/windowlayout.cpp" line="+13"/>
        <source>&amp;Parameters</source>
        <translation>参数(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Inspector</source>
        <translation>检查器(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../ui/window/presentationmode.cpp" line="+45"/>
        <source>Pr&amp;esentation mode</source>
        <translation>演示模式(&amp;E)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Large fonts, thick lines, high contrast, full screen</source>
        <translation>大字体、粗线条、高对比度、全屏</translation>
    </message>
    <message>
        <location filename="../../ui/window/windowmenus.cpp" line="+12"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A short guide to the lessons, views, parameters and exports</source>
        <translation>关于课程、视图、参数和导出的简短指南</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About PosEnc Lab</source>
        <translation>关于 PosEnc Lab(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../ui/window/scenecontrols.cpp" line="+53"/>
        <source>S&amp;cenes</source>
        <translation>场景(&amp;C)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scenes</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scene:</source>
        <translation>场景：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Named scene</source>
        <translation>预设场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prepared parameter sets, one click away</source>
        <translation>预先准备好的参数组合，一键切换</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Choose a scene…</source>
        <translation>选择场景…</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+22"/>
        <location line="+258"/>
        <source>Scene</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="-274"/>
        <source>&amp;Save Current Scene…</source>
        <translation>保存当前场景(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the parameters and the view in front as a scene of your own, under a title</source>
        <translation>把参数和当前视图以一个标题保存为你自己的场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add Scene from Preset File…</source>
        <translation>从预设文件添加场景(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A preset file, such as a colleague&apos;s scene, as a scene of your own</source>
        <translation>把一个预设文件（例如同事的场景）添加为你自己的场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove Scene</source>
        <translation>删除场景(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show Scenes &amp;Folder</source>
        <translation>显示场景文件夹(&amp;F)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Your scenes are preset files: copy them to take them to another computer</source>
        <translation>你的场景就是预设文件：复制它们即可带到另一台电脑上</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>A figure of the source texts (d_model 128, 30 positions, dims 0–5)</source>
        <translation>参考材料中的插图（d_model 128，30 个位置，维度 0–5）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A large base (10⁶)</source>
        <translation>较大的底数（10⁶）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Learnable scale at 0.7 (source texts&apos; claim for sentiment, unverified)</source>
        <translation>可学习缩放因子为 0.7（参考材料对情感分类的说法，未经验证）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Learnable scale at 1.5 (source texts&apos; claim for translation, unverified)</source>
        <translation>可学习缩放因子为 1.5（参考材料对翻译任务的说法，未经验证）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Llama 2 read at 4× its length: PI against NTK-aware (head 128, L 4096)</source>
        <translation>Llama 2 读取 4 倍长度：PI 对比 NTK-aware（头维度 128，L 4096）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Llama 3.1 8B as shipped (head 128, base 500000, L 8192 × 8)</source>
        <translation>发布版 Llama 3.1 8B（头维度 128，base 500000，L 8192 × 8）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Qwen2.5 with YaRN, against dynamic NTK (head 128, base 10⁶, L 32768 × 4)</source>
        <translation>使用 YaRN 的 Qwen2.5，对比动态 NTK（头维度 128，base 10⁶，L 32768 × 4）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gpt-oss: YaRN with its ramp unrounded (head 64, base 150000, L 4096 × 32)</source>
        <translation>gpt-oss：过渡带不取整的 YaRN（头维度 64，base 150000，L 4096 × 32）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Phi-3 128k&apos;s LongRoPE from its config.json, against YaRN (head 96, L 4096 × 32)</source>
        <translation>Phi-3 128k 的 LongRoPE（取自其 config.json），对比 YaRN（头维度 96，L 4096 × 32）</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>scenes of your own need the window&apos;s preferences</source>
        <translation>自己的场景需要窗口的偏好设置</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>no scene titled “%1”</source>
        <translation>没有标题为“%1”的场景</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+7"/>
        <source>Save Current Scene</source>
        <translation>保存当前场景</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Title of the scene, as the Scenes menu and box will show it:</source>
        <translation>场景的标题（“场景”菜单和场景框中显示的名称）：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A scene titled “%1” exists. Replace it with the current scene?</source>
        <translation>已有标题为“%1”的场景。用当前场景替换它吗？</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Add Scene from Preset File</source>
        <translation>从预设文件添加场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Presets (*.json)</source>
        <translation>预设 (*.json)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Remove Scene</source>
        <translation>删除场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the scene “%1”? Its file %2 is deleted.</source>
        <translation>删除场景“%1”吗？它的文件 %2 将被删除。</translation>
    </message>
    <message>
        <location line="-159"/>
        <source>The original Transformer (d_model 512)</source>
        <translation>原始 Transformer（d_model 512）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A long context (seq_len 8192)</source>
        <translation>长上下文（seq_len 8192）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A small base (100)</source>
        <translation>较小的底数（100）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Hourly and weekly periods (24, 168)</source>
        <translation>按小时和按周的周期（24, 168）</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+19"/>
        <source>scene: unknown view &quot;%1&quot;</source>
        <translation>场景：未知视图“%1”</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+10"/>
        <source>Scene: %1</source>
        <translation>场景：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no scene named &quot;%1&quot;</source>
        <translation>没有名为“%1”的场景</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show me</source>
        <translation>演示给我看</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <location filename="../../ui/window/mainwindow.cpp" line="-262"/>
        <source>&amp;Animation</source>
        <translation>动画(&amp;A)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Reset All</source>
        <translation>全部重置</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>PE: %1 positions × %2 dimensions (%3 values)</source>
        <translation>PE：%1 个位置 × %2 个维度（共 %3 个值）</translation>
    </message>
    <message>
        <location filename="../../ui/window/exportcommands.cpp" line="+60"/>
        <location line="+7"/>
        <source>Export data</source>
        <translation>导出数据</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>NumPy array (*.npy);;Comma-separated values (*.csv)</source>
        <translation>NumPy 数组 (*.npy);;逗号分隔值 (*.csv)</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+122"/>
        <location line="+241"/>
        <location filename="../../ui/window/presetdocument.cpp" line="-87"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../../ui/window/windowmenus.cpp" line="+5"/>
        <source>&lt;h3&gt;PosEnc Lab %1&lt;/h3&gt;&lt;p&gt;See, teach and publish the sinusoidal positional encoding of Transformers.&lt;/p&gt;&lt;p&gt;Qt %2 (built with %3)&lt;br&gt;Eigen %4.%5.%6&lt;br&gt;QCustomPlot %7&lt;/p&gt;</source>
        <translation>&lt;h3&gt;PosEnc Lab %1&lt;/h3&gt;&lt;p&gt;观察、讲授和发表 Transformer 的正弦位置编码。&lt;/p&gt;&lt;p&gt;Qt %2（构建时版本 %3）&lt;br&gt;Eigen %4.%5.%6&lt;br&gt;QCustomPlot %7&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>About PosEnc Lab</source>
        <translation>关于 PosEnc Lab</translation>
    </message>
    <message>
        <location filename="../../ui/window/exportcommands.cpp" line="-334"/>
        <source>Saved %1 in %2</source>
        <translation>已将 %1 保存到 %2</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Export the current view</source>
        <translation>导出当前视图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export the current view (%1); the arrow copies it or describes it</source>
        <translation>导出当前视图（%1）；点箭头可复制或描述它</translation>
    </message>
    <message>
        <location line="+76"/>
        <location line="+16"/>
        <location line="+224"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location line="-240"/>
        <location line="+240"/>
        <source>Open a view first: there is nothing to export.</source>
        <translation>请先打开一个视图：现在没有可导出的内容。</translation>
    </message>
    <message>
        <location line="-223"/>
        <location line="+88"/>
        <location line="+146"/>
        <source>%1 was not written: %2</source>
        <translation>未能写出 %1：%2</translation>
    </message>
    <message>
        <location line="-224"/>
        <source>Copied: %1</source>
        <translation>已复制：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open a view first: there is nothing to copy.</source>
        <translation>请先打开一个视图：现在没有可复制的内容。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No temporary folder to draw the figure in: %1</source>
        <translation>没有可用于绘制图形的临时文件夹：%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The figure could not be drawn.</source>
        <translation>无法绘制该图形。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The figure is on the clipboard (%1 × %2 pixels).</source>
        <translation>图形已复制到剪贴板（%1 × %2 像素）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Exporting the open views…</source>
        <translation>正在导出已打开的视图…</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+125"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="-124"/>
        <location line="+60"/>
        <location line="+8"/>
        <location line="+7"/>
        <location line="+6"/>
        <source>Export All Open Views</source>
        <translation>导出所有已打开的视图</translation>
    </message>
    <message>
        <location line="-63"/>
        <source>Writing %1 (%2 of %3)…</source>
        <translation>正在写出 %1（第 %2 个，共 %3 个）…</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1 of the %2 files exist already in %3. Replace them?</source>
        <translation>%3 中已存在 %2 个文件中的 %1 个。要替换它们吗？</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1
%2 of %3 files were written to %4 before the failure.</source>
        <translation>%1
出错之前，%3 个文件中已有 %2 个写入 %4。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export cancelled: %1 of %2 files were written to %3 and are kept.</source>
        <translation>导出已取消：%2 个文件中已有 %1 个写入 %3，并予以保留。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 files written to %2.</source>
        <translation>已将 %1 个文件写入 %2。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 files written to %2</source>
        <translation>已将 %1 个文件写入 %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Export A&amp;nimation…</source>
        <translation>导出动画(&amp;N)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write the current view as an animated GIF for slides, one parameter swept</source>
        <translation>将当前视图写为用于幻灯片的 GIF 动画，扫过一个参数</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Drawing the frames…</source>
        <translation>正在绘制各帧…</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+44"/>
        <source>Export Animation</source>
        <translation>导出动画</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>Drawing frame %1 of %2…</source>
        <translation>正在绘制第 %1 帧（共 %2 帧）…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Writing %1…</source>
        <translation>正在写出 %1…</translation>
    </message>
    <message>
        <location filename="../../ui/window/presetdocument.cpp" line="-34"/>
        <source>view: unknown view “%1”</source>
        <translation>view：未知视图“%1”</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>PosEnc Lab preset (*.json);;All files (*)</source>
        <translation>PosEnc Lab 预设 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Open preset %1</source>
        <translation>打开预设 %1</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 has changed since it was saved. Save the changes?</source>
        <translation>%1 在上次保存后已被修改。要保存这些修改吗？</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+10"/>
        <source>Open Preset</source>
        <translation>打开预设</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 was not opened, and nothing was changed:
%2</source>
        <translation>未打开 %1，当前状态没有任何改变：
%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open Recent</source>
        <translation>最近打开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 no longer exists; it was removed from the recent presets.</source>
        <translation>%1 已不存在，已从最近的预设中移除。</translation>
    </message>
    <message>
        <location line="-36"/>
        <location line="+50"/>
        <location line="+19"/>
        <source>Save Preset</source>
        <translation>保存预设</translation>
    </message>
    <message>
        <location line="-19"/>
        <location line="+20"/>
        <source>%1 was not saved: %2</source>
        <translation>未能保存 %1：%2</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Save Preset As</source>
        <translation>预设另存为</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1[*] — PosEnc Lab</source>
        <translation>%1[*] — PosEnc Lab</translation>
    </message>
    <message>
        <location filename="../../ui/window/describeview.cpp" line="+47"/>
        <source>Describe View: %1</source>
        <translation>描述视图：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There is no description of this view.</source>
        <translation>此视图没有文字描述。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Description of the view</source>
        <translation>视图的文字描述</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/window/presentationmode.cpp" line="-15"/>
        <source>Leave presentation mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Show or Hide the &amp;Lesson</source>
        <translation>显示或隐藏课程(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The lesson beside the view, or the view alone</source>
        <translation>在视图旁显示课程，或只显示视图</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Next Lesson (presenting)</source>
        <translation>下一课（演示时）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous Lesson (presenting)</source>
        <translation>上一课（演示时）</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Close the panel</source>
        <translation>关闭面板</translation>
    </message>
</context>
<context>
    <name>posenc::ParameterPanel</name>
    <message>
        <location filename="../../ui/widgets/parameterpanel.cpp" line="+23"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>d_model (dimensions)</source>
        <translation>d_model（维度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Width of each encoding vector. The entry accepts 2 to 4096.</source>
        <translation>每个编码向量的宽度。输入框接受 2 到 4096。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seq_len (positions)</source>
        <translation>seq_len（位置数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Number of positions shown, from start. The entry accepts 1 to 16384.</source>
        <translation>从 start 开始显示的位置数。输入框接受 1 到 16384。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>base (10000 in the paper)</source>
        <translation>base（论文中为 10000）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The wavelengths run from 2π to 2π·base. Logarithmic slider from 10 to 1e6; the entry accepts any base above 1 up to 1e12.</source>
        <translation>波长从 2π 延伸到 2π·base。滑块为对数刻度，范围 10 到 1e6；输入框接受大于 1、不超过 1e12 的任意底数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>scale (ScaledSinuEmbedding)</source>
        <translation>scale 缩放（ScaledSinuEmbedding）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Multiplies the whole encoding. The slider spans 0.1 to 2.0, the range ScaledSinuEmbedding clamps its learnable scale to; the entry accepts more.</source>
        <translation>与整个编码相乘。滑块范围为 0.1 到 2.0，即 ScaledSinuEmbedding 对其可学习缩放因子的截断范围；输入框可接受更大的范围。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>offset k</source>
        <translation>偏移量 k</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The relative offset in PE(pos + k) = M_k · PE(pos). Negative k looks back; the entry accepts fractions too.</source>
        <translation>PE(pos + k) = M_k · PE(pos) 中的相对偏移量。负的 k 表示向回看；输入框也接受小数。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>position pos</source>
        <translation>位置 pos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The position marked in the views; pos + k is marked too. The slider spans the rows shown, start to start + seq_len − 1; the entry takes any position, between integers as well.</source>
        <translation>在各视图中标记的位置；pos + k 也会被标记。滑块覆盖所显示的各行，即 start 到 start + seq_len − 1；输入框可接受任意位置，包括整数之间的位置。</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>pos %1 is outside the rows shown (%2 to %3): the views of those rows do not mark it.</source>
        <translation>pos %1 不在显示的行（%2 到 %3）之内：显示这些行的视图不会标出它。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>pos + k = %1 is outside the rows shown (%2 to %3): the views of those rows do not mark it.</source>
        <translation>pos + k = %1 不在显示的行（%2 到 %3）之内：显示这些行的视图不会标出它。</translation>
    </message>
    <message>
        <location line="-104"/>
        <source>start position</source>
        <translation>起始位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row r of the heatmap is position start + r.</source>
        <translation>热力图的第 r 行对应位置 start + r。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Convention</source>
        <translation>约定</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interleaved: sin at even columns, cos at odd ones (Vaswani et al.). Split: all sines, then all cosines (tensor2tensor, fairseq).</source>
        <translation>交错：偶数列为 sin，奇数列为 cos（Vaswani 等人）。分块：先排全部正弦，再排全部余弦（tensor2tensor、fairseq）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Frequencies</source>
        <translation>频率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paper: w_i = base^(−2i/d_model). tensor2tensor: the ladder is stretched so that the last frequency is exactly 1/base.</source>
        <translation>论文：w_i = base^(−2i/d_model)。tensor2tensor：将频率阶梯拉伸，使最后一个频率恰好为 1/base。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Layout</source>
        <translation>布局(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Frequencies</source>
        <translation>频率(&amp;F)</translation>
    </message>
</context>
<context>
    <name>posenc::PrecisionView</name>
    <message>
        <location filename="../../ui/views/precision/precisiondescriptor.cpp" line="+19"/>
        <source>--precision float16: positions reach %1, beyond float16&apos;s largest value 65504; give positions within ±65504 (--start, --seq-len) or another --precision</source>
        <translation>--precision float16：位置达到 %1，超出了 float16 的最大值 65504；请让位置保持在 ±65504 以内（--start、--seq-len），或换用别的 --precision</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>&amp;Precision</source>
        <translation>精度(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../ui/views/precision/precisionview.cpp" line="+61"/>
        <source>Precision lab: the encoding computed in float32, float16 or bfloat16</source>
        <translation>精度实验室：用 float32、float16 或 bfloat16 计算的位置编码</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Precision:</source>
        <translation>精度(&amp;P)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The number format the model computes the encoding in</source>
        <translation>模型计算位置编码时使用的数值格式</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+42"/>
        <location line="+34"/>
        <source>position pos</source>
        <translation>位置 pos</translation>
    </message>
    <message>
        <location line="-67"/>
        <location line="+280"/>
        <source>value_h − PE (float64)</source>
        <translation>value_h − PE（float64）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>error</source>
        <translation>误差</translation>
    </message>
    <message>
        <location line="-213"/>
        <source>pos</source>
        <translation>pos</translation>
    </message>
    <message>
        <location line="+236"/>
        <source>&gt; 65504</source>
        <translation>&gt; 65504</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Below the dashed line the positions are beyond 65504, float16&apos;s largest value: they round to 65504.</source>
        <translation>虚线以下的位置超过了 float16 的最大值 65504：它们被舍入为 65504。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Below the dashed line the positions are beyond 65504, float16&apos;s largest value: they round to 65504, and from %1 on (hatched) to infinity, where angles and values are not numbers.</source>
        <translation>虚线以下的位置超过了 float16 的最大值 65504：它们被舍入为 65504，从 %1 起（斜线区域）舍入为无穷大，那里的角度和值都不再是数。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>pair %1</source>
        <translation>第 %1 对</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>pair %1 (w = %2): no error, no line</source>
        <translation>第 %1 对（w = %2）：无误差，故无曲线</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>phase error (rad)</source>
        <translation>相位误差（弧度）</translation>
    </message>
    <message>
        <location line="-190"/>
        <source>%1: all %2 positions %3 keep a vector of their own.</source>
        <translation>%1：全部 %2 个位置 %3 都保有各自不同的向量。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 of the %3 positions %4 share their vector with another position (the first: %5, the same vector as %6).</source>
        <translation>%1：%3 个位置 %4 中有 %2 个与另一个位置共用同一个向量（第一个是 %5，与 %6 的向量相同）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Computed in %1 (h), as a model that keeps the encoding in %1 does: p_h = round_h(pos), w_h = round_h(w_i), θ_h = round_h(p_h · w_h) (the exact product rounded once), value = round_h(scale · sin θ_h) with the sine in double, and the same for cos; rounding to nearest, ties to even.</source>
        <translation>用 %1（h）计算，就像把编码保存在 %1 中的模型那样：p_h = round_h(pos)，w_h = round_h(w_i)，θ_h = round_h(p_h · w_h)（精确乘积只舍入一次），value = round_h(scale · sin θ_h)，正弦用双精度计算，cos 同理；舍入到最近值，恰在中间时取偶数。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>bfloat16 keeps the top 16 bits of float32: a double is rounded to float32 first, then to bfloat16.</source>
        <translation>bfloat16 保留 float32 的高 16 位：双精度数先舍入到 float32，再舍入到 bfloat16。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>float16 holds at most 65504: positions 65505 to 65519 round to 65504, and from 65520 on a position rounds to infinity.</source>
        <translation>float16 最大只能表示 65504：位置 65505 到 65519 舍入为 65504，从 65520 起位置舍入为无穷大。</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Each pixel of the map shows the largest error (with its sign) of the %1 × %2 cells under it; zoom in for single cells.</source>
        <translation>图中每个像素显示其下 %1 × %2 个单元中最大的误差（带符号）；放大即可看到单个单元。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Click a cell to see every rounding behind it in the inspector.</source>
        <translation>点击一个单元，即可在检查器中看到它背后的每一步舍入。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>error, darkest from ±%1</source>
        <translation>误差，±%1 起为最深色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>value_h − PE (float64), darkest from ±%1</source>
        <translation>value_h − PE（float64），±%1 起为最深色</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>%1: exact</source>
        <translation>%1：精确</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>pair %1 (w = %2)</source>
        <translation>第 %1 对（w = %2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>largest angle error of ~%1 positions (rad, ≤ π)</source>
        <translation>约 %1 个位置中最大的角度误差（弧度，≤ π）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>angle error |θ_h − pos·w_i| mod 2π (rad)</source>
        <translation>角度误差 |θ_h − pos·w_i| mod 2π（弧度）</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>This pixel shows the largest error of %1 × %2 cells: positions %3 to %4, dimensions %5 to %6. One of them, (%7, %8):</source>
        <translation>这个像素显示 %1 × %2 个单元中最大的误差：位置 %3 到 %4，维度 %5 到 %6。其中一个单元 (%7, %8)：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Column %1 is the zero column of the split layout: 0 in every precision.</source>
        <translation>第 %1 列是分块布局补上的零列：在任何精度下都是 0。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PE(%1, %2) = %3(pos · w_%4), computed in %5:</source>
        <translation>PE(%1, %2) = %3(pos · w_%4)，用 %5 计算：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p_h = round_h(%1) = %2</source>
        <translation>p_h = round_h(%1) = %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w_h = round_h(%1) = %2</source>
        <translation>w_h = round_h(%1) = %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>θ_h = round_h(p_h · w_h) = %1; exact angle pos · w_i = %2; phase error %3 rad</source>
        <translation>θ_h = round_h(p_h · w_h) = %1；精确角度 pos · w_i = %2；相位误差 %3 弧度</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The two angles are %1 rad apart; sin and cos see only the difference modulo 2π, so the error is the %2 rad left on the circle.</source>
        <translation>两个角度相差 %1 弧度；sin 和 cos 只看得到这个差对 2π 取模的结果，所以误差是在圆上剩下的 %2 弧度。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>value_h = round_h(%1 · %2(θ_h)) = %3; float64: %4</source>
        <translation>value_h = round_h(%1 · %2(θ_h)) = %3；float64：%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The position overflowed: %1 cannot hold %2, so the angle is infinite and the value is not a number.</source>
        <translation>位置溢出了：%1 无法表示 %2，因此角度为无穷大，值不是一个数（NaN）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>error value_h − PE = %1</source>
        <translation>误差 value_h − PE = %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>After rounding, %1 distinct positions remain of %2; %3 holds every integer only up to %4.</source>
        <translation>舍入后，%2 个位置中只剩 %1 个互不相同的值；%3 只能精确表示不超过 %4 的整数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The largest error of a value is %1, at position %2, dimension %3.</source>
        <translation>单个值的最大误差是 %1，位于位置 %2、维度 %3。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>From position %1 on, float16 cannot hold the position: the angles are infinite.</source>
        <translation>从位置 %1 起，float16 无法表示该位置：角度为无穷大。</translation>
    </message>
</context>
<context>
    <name>posenc::RecentFiles</name>
    <message>
        <location filename="../../ui/export/recentfiles.cpp" line="+16"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>No recent presets</source>
        <translation>没有最近的预设</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Clear Recent Presets</source>
        <translation>清除最近的预设(&amp;C)</translation>
    </message>
</context>
<context>
    <name>posenc::RotationView</name>
    <message>
        <location filename="../../ui/views/rotation/rotationview.cpp" line="-93"/>
        <source>Rotation M_k</source>
        <translation>旋转 M_k</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Pair i:</source>
        <translation>维度对 i(&amp;P)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pair shown in detail</source>
        <translation>详细显示的维度对</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The pair (sin, cos) of frequency w_i whose rotation is shown in detail. Clicking a clock chooses its pair too.</source>
        <translation>频率为 w_i 的 (sin, cos) 维度对，详细显示它的旋转。点击某个时钟也会选中对应的维度对。</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationequationpanel.cpp" line="+122"/>
        <source>The 2 × 2 rotation block of the chosen pair</source>
        <translation>所选维度对的 2 × 2 旋转块</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationcirclepanel.cpp" line="+40"/>
        <source>The pair on the unit circle</source>
        <translation>单位圆上的维度对</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>pos</source>
        <translation>pos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pos + k</source>
        <translation>pos + k</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>angle 0</source>
        <translation>角度 0</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationview.cpp" line="+117"/>
        <source>Clocks: one hand per pair</source>
        <translation>时钟：每个维度对一根指针</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>M_k as a heatmap</source>
        <translation>以热力图显示 M_k</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>column of Mₖ</source>
        <translation>Mₖ 的列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>row of Mₖ</source>
        <translation>Mₖ 的行</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>entry of Mₖ</source>
        <translation>Mₖ 的元素</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>dimensions &lt;b&gt;%2&lt;/b&gt; (sin) and &lt;b&gt;%3&lt;/b&gt; (cos), &amp;nbsp;%4&lt;br&gt;k = &lt;b&gt;%5&lt;/b&gt;, pos = &lt;b&gt;%9&lt;/b&gt;, pos + k = &lt;b&gt;%10&lt;/b&gt;: &amp;nbsp;k·w&lt;sub&gt;%1&lt;/sub&gt; = %5 × %6 = &lt;b&gt;%7 rad&lt;/b&gt; (%8°)</source>
        <translation>维度 &lt;b&gt;%2&lt;/b&gt;（sin）和 &lt;b&gt;%3&lt;/b&gt;（cos），&amp;nbsp;%4&lt;br&gt;k = &lt;b&gt;%5&lt;/b&gt;，pos = &lt;b&gt;%9&lt;/b&gt;，pos + k = &lt;b&gt;%10&lt;/b&gt;：&amp;nbsp;k·w&lt;sub&gt;%1&lt;/sub&gt; = %5 × %6 = &lt;b&gt;%7 rad&lt;/b&gt;（%8°）</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationequationpanel.cpp" line="+15"/>
        <source>The column and row equations are hidden: too small to read at this size. Give this panel more room to see them: a larger window, or fewer docks beside it.</source>
        <translation>列向量与行向量的算式已隐藏：在此尺寸下字太小，无法阅读。给此面板更多空间即可看到：放大窗口，或关闭旁边的停靠面板。</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>&lt;b&gt;Column vectors&lt;/b&gt;: PE(pos + k) = M&lt;sub&gt;k&lt;/sub&gt; · PE(pos)</source>
        <translation>&lt;b&gt;列向量&lt;/b&gt;：PE(pos + k) = M&lt;sub&gt;k&lt;/sub&gt; · PE(pos)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;Row vectors&lt;/b&gt;: PE(pos + k) = PE(pos) · M&lt;sub&gt;k&lt;/sub&gt;ᵀ</source>
        <translation>&lt;b&gt;行向量&lt;/b&gt;：PE(pos + k) = PE(pos) · M&lt;sub&gt;k&lt;/sub&gt;ᵀ</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Directly: %1·sin(%2·w&lt;sub&gt;%3&lt;/sub&gt;) = &lt;b&gt;%4&lt;/b&gt;, %1·cos(%2·w&lt;sub&gt;%3&lt;/sub&gt;) = &lt;b&gt;%5&lt;/b&gt;&lt;br&gt;&lt;span style=&apos;color:#1a7f37&apos;&gt;✓&lt;/span&gt; both notations give these (largest difference %6)</source>
        <translation>直接计算：%1·sin(%2·w&lt;sub&gt;%3&lt;/sub&gt;) = &lt;b&gt;%4&lt;/b&gt;，%1·cos(%2·w&lt;sub&gt;%3&lt;/sub&gt;) = &lt;b&gt;%5&lt;/b&gt;&lt;br&gt;&lt;span style=&apos;color:#1a7f37&apos;&gt;✓&lt;/span&gt; 两种写法都得到这些值（最大差值 %6）</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationcirclepanel.cpp" line="+41"/>
        <source>&lt;span style=&apos;color:%1&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;PE(pos&amp;nbsp;=&amp;nbsp;%2) &amp;nbsp; &lt;span style=&apos;color:%3&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;PE(pos&amp;nbsp;+&amp;nbsp;k&amp;nbsp;=&amp;nbsp;%4) &amp;nbsp; &lt;span style=&apos;color:%5&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;k·w&lt;sub&gt;%6&lt;/sub&gt; (clockwise for k &amp;gt; 0); radius |scale| = %7</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;PE(pos&amp;nbsp;=&amp;nbsp;%2) &amp;nbsp; &lt;span style=&apos;color:%3&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;PE(pos&amp;nbsp;+&amp;nbsp;k&amp;nbsp;=&amp;nbsp;%4) &amp;nbsp; &lt;span style=&apos;color:%5&apos;&gt;&amp;#x2501;&amp;#x2501;&lt;/span&gt;&amp;nbsp;k·w&lt;sub&gt;%6&lt;/sub&gt;（k &amp;gt; 0 时为顺时针）；半径 |scale| = %7</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>k·w%1 = %2 rad</source>
        <translation>k·w%1 = %2 rad</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationview.cpp" line="+119"/>
        <source>&lt;b&gt;M&lt;sub&gt;k&lt;/sub&gt;&lt;/b&gt; (%1 × %1, k = %2): one 2 × 2 rotation per pair, pair i couples columns i and i + %3 (the off-diagonal bands). Outlined: pair %4. &lt;i&gt;M&lt;sub&gt;k&lt;/sub&gt; depends on k only: move pos and it stays the same.&lt;/i&gt;</source>
        <translation>&lt;b&gt;M&lt;sub&gt;k&lt;/sub&gt;&lt;/b&gt;（%1 × %1，k = %2）：每个维度对一个 2 × 2 旋转，维度对 i 耦合第 i 列和第 i + %3 列（非对角线上的条带）。带边框的是维度对 %4。&lt;i&gt;M&lt;sub&gt;k&lt;/sub&gt;&lt;/i&gt; 只取决于 k：移动 pos，它保持不变。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;M&lt;sub&gt;k&lt;/sub&gt;&lt;/b&gt; (%1 × %1, k = %2): one 2 × 2 rotation per pair on the diagonal. Outlined: pair %3. &lt;i&gt;M&lt;sub&gt;k&lt;/sub&gt; depends on k only: move pos and it stays the same.&lt;/i&gt;</source>
        <translation>&lt;b&gt;M&lt;sub&gt;k&lt;/sub&gt;&lt;/b&gt;（%1 × %1，k = %2）：每个维度对一个 2 × 2 旋转，位于对角线上。带边框的是维度对 %3。&lt;i&gt;M&lt;sub&gt;k&lt;/sub&gt;&lt;/i&gt; 只取决于 k：移动 pos，它保持不变。</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationcirclepanel.cpp" line="+4"/>
        <source>(%1 turns + %2 rad)</source>
        <translation>（%1 圈 + %2 rad）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>sin: PE(pos, %1)</source>
        <translation>sin: PE(pos, %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cos: PE(pos, %1)</source>
        <translation>cos: PE(pos, %1)</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationview.cpp" line="-107"/>
        <source>λ %1</source>
        <translation>λ %1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>&lt;b&gt;Every pair is a clock&lt;/b&gt;: hand at angle pos·w&lt;sub&gt;i&lt;/sub&gt; from 12 o&apos;clock, clockwise; &lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;dark: pos&lt;/b&gt;&lt;/span&gt;, &lt;span style=&apos;color:%2&apos;&gt;&lt;b&gt;light: pos + k&lt;/b&gt;&lt;/span&gt;; λ = 2π/w&lt;sub&gt;i&lt;/sub&gt; positions per turn.</source>
        <translation>&lt;b&gt;每个维度对都是一只时钟&lt;/b&gt;：指针从 12 点方向顺时针转过角度 pos·w&lt;sub&gt;i&lt;/sub&gt;；&lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;深色：pos&lt;/b&gt;&lt;/span&gt;，&lt;span style=&apos;color:%2&apos;&gt;&lt;b&gt;浅色：pos + k&lt;/b&gt;&lt;/span&gt;；每转一圈经过 λ = 2π/w&lt;sub&gt;i&lt;/sub&gt; 个位置。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;Showing %1 of %2 pairs&lt;/b&gt;: i = 0, %3, %4, … (one pair in every %3).</source>
        <translation>&lt;b&gt;显示 %2 个维度对中的 %1 个&lt;/b&gt;：i = 0, %3, %4, …（每 %3 对取一对）。</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Shown reduced: each cell is a %1 × %1 block of M&lt;sub&gt;k&lt;/sub&gt; and shows its entry of largest magnitude.</source>
        <translation>缩略显示：每个单元格代表 M&lt;sub&gt;k&lt;/sub&gt; 的一个 %1 × %1 块，显示其中绝对值最大的元素。</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>over pos = %1 … %2</source>
        <translation>在 pos = %1 … %2 上</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>over the first and the last %1 of the %2 positions (pos = %3 … %4)</source>
        <translation>在 %2 个位置中的前 %1 个和后 %1 个上（pos = %3 … %4）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Check, max |Mₖ PE(pos) − PE(pos + k)| %1: %2 (float64), %3 (float32)</source>
        <translation>检验：%1，max |Mₖ PE(pos) − PE(pos + k)| = %2（float64），%3（float32）</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationtext.cpp" line="+45"/>
        <source>Dimension %1 (sin of pair %2) has no cos partner: Mₖ cannot carry it; its row is zero.</source>
        <translation>维度 %1（维度对 %2 的 sin）没有对应的 cos：Mₖ 无法变换它；它所在的行为零。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>d_model is odd: the split layout&apos;s last column %1 is zero and Mₖ maps it to itself (a 1 on the diagonal).</source>
        <translation>d_model 为奇数：分块布局的最后一列 %1 为零，Mₖ 将它映射到自身（对角线上为 1）。</translation>
    </message>
</context>
<context>
    <name>posenc::SceneLibrary</name>
    <message>
        <location filename="../../ui/export/scenelibrary.cpp" line="+51"/>
        <location line="+72"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-67"/>
        <source>%1: title: missing; a scene is a preset with a title</source>
        <translation>%1：title：缺失；场景是带标题的预设</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: title: “%2” is the title of another scene</source>
        <translation>%1：title：“%2”已是另一个场景的标题</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>title: a scene&apos;s title is text of 1 to %1 characters on one line</source>
        <translation>title：场景的标题是一行 1 到 %1 个字符的文字</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1: cannot create the folder of scenes</source>
        <translation>%1：无法创建场景文件夹</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1: title: “%2” is already the title of a scene; remove that scene first, or give the file another title</source>
        <translation>%1：title：“%2”已是一个场景的标题；请先删除那个场景，或给文件另取一个标题</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>no scene titled “%1”</source>
        <translation>没有标题为“%1”的场景</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: cannot remove the file</source>
        <translation>%1：无法删除该文件</translation>
    </message>
</context>
<context>
    <name>posenc::SimilarityView</name>
    <message>
        <location filename="../../ui/views/similarity/similarityview.cpp" line="+61"/>
        <source>C&amp;osine similarity</source>
        <translation>余弦相似度(&amp;O)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Similarity of positions</source>
        <translation>位置之间的相似度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show PE(p) · PE(q) / (|PE(p)| |PE(q)|) instead of the dot product.</source>
        <translation>显示 PE(p) · PE(q) / (|PE(p)| |PE(q)|)，而不是点积。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The two distinct positions of the sequence whose encodings are closest: as long as this stays clearly above zero, every position has its own vector.</source>
        <translation>序列中编码最接近的两个不同位置：只要这个距离明显大于零，每个位置就都有自己独有的向量。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>position q</source>
        <translation>位置 q</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <location filename="../../ui/views/similarity/similaritykernel.cpp" line="+41"/>
        <source>offset Δ = q − p (positions)</source>
        <translation>偏移量 Δ = q − p（位置数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PE(p) · PE(p + Δ)</source>
        <translation>PE(p) · PE(p + Δ)</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>The pairs&apos; part of the dot product
depends only on the offset Δ</source>
        <translation>点积中来自各维度对的部分
只取决于偏移量 Δ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The dot product depends only on the offset Δ</source>
        <translation>点积只取决于偏移量 Δ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale² · cos(Δ · w_0)</source>
        <translation>scale² · cos(Δ · w_0)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale² · Σ cos(Δ · w_i), i = 0 … %1</source>
        <translation>scale² · Σ cos(Δ · w_i)，i = 0 … %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>d_model is odd: column %1 is a sine without a cosine; its term
scale² · sin(p·w_%2) · sin(q·w_%2) depends on p itself, not only on Δ,
and the closed form leaves it out: the dots may leave the line.</source>
        <translation>d_model 为奇数：第 %1 列是没有余弦搭档的正弦；
它的项 scale² · sin(p·w_%2) · sin(q·w_%2) 取决于 p 本身，而不只取决于 Δ，
闭式表达式没有包含它：数据点可能偏离曲线。</translation>
    </message>
    <message>
        <location line="+52"/>
        <location filename="../../ui/views/similarity/similarityview.cpp" line="+193"/>
        <source>PE(p) · PE(p + Δ), measured</source>
        <translation>PE(p) · PE(p + Δ)，实测值</translation>
    </message>
    <message>
        <location filename="../../ui/views/similarity/similarityview.cpp" line="+15"/>
        <source>offset Δ = q − p</source>
        <translation>偏移 Δ = q − p</translation>
    </message>
    <message>
        <location line="-93"/>
        <source>cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PE(p) · PE(q)</source>
        <translation>PE(p) · PE(q)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, sequential from its minimum</source>
        <translation>%1，顺序色图，从最小值起</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>%1, diverging about its mean %2</source>
        <translation>%1，发散色图，以均值 %2 为中心</translation>
    </message>
    <message>
        <location line="+248"/>
        <source>Cosine similarity
PE(p) · PE(q) / (|PE(p)| |PE(q)|)</source>
        <translation>余弦相似度
PE(p) · PE(q) / (|PE(p)| |PE(q)|)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dot products PE · PEᵀ</source>
        <translation>点积 PE · PEᵀ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>each cell: the mean
over %1 × %1 positions</source>
        <translation>每个单元格：%1 × %1
个位置上的平均值</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>closest positions: %1 and %2, |PE(%1) − PE(%2)| = %3 — two positions share (almost) the same vector: the encoding cannot tell them apart</source>
        <translation>最接近的位置：%1 和 %2，|PE(%1) − PE(%2)| = %3 —— 两个位置（几乎）共用同一个向量：编码无法区分它们</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>closest positions: %1 and %2, |PE(%1) − PE(%2)| = %3 — every position has its own vector</source>
        <translation>最接近的位置：%1 和 %2，|PE(%1) − PE(%2)| = %3 —— 每个位置都有自己独有的向量</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>p = %1</source>
        <translation>p = %1</translation>
    </message>
    <message>
        <location filename="../../ui/views/similarity/similaritykernel.cpp" line="+1"/>
        <location filename="../../ui/views/similarity/similarityview.cpp" line="-143"/>
        <source>PE(p) · PE(p + Δ), measured, p = %1</source>
        <translation>PE(p) · PE(p + Δ)，实测值，p = %1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Δ = k = %1</source>
        <translation>Δ = k = %1</translation>
    </message>
    <message>
        <location filename="../../ui/views/similarity/similarityview.cpp" line="+189"/>
        <source>Only one position: there is no second position to compare.</source>
        <translation>只有一个位置：没有第二个位置可供比较。</translation>
    </message>
</context>
<context>
    <name>posenc::SpectrumView</name>
    <message>
        <location filename="../../ui/views/spectrum/spectrumview.cpp" line="-135"/>
        <source>dim %1 (sin, i = %2)</source>
        <translation>维度 %1（sin，i = %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dim %1 (cos, i = %2)</source>
        <translation>维度 %1（cos，i = %2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>dim %1 (zero column)</source>
        <translation>维度 %1（零列）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Frequencies and spectra of the encoding</source>
        <translation>编码的频率与频谱</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Frequency ladder: one wavelength per pair i</source>
        <translation>频率阶梯：每个维度对 i 一个波长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spectrum of the chosen dimensions along positions (DFT)</source>
        <translation>所选维度沿位置方向的频谱（DFT）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Spectrum of every dimension</source>
        <translation>所有维度的频谱</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>cycles/pos.</source>
        <translation>周期数/位置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>λ (positions)</source>
        <translation>λ（位置数）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>w_i (rad/pos.)</source>
        <translation>w_i（弧度/位置）</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>pair index i</source>
        <translation>维度对索引 i</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wavelength 2π/w_i (positions)</source>
        <translation>波长 2π/w_i（位置数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>frequency w_i (rad/position)</source>
        <translation>频率 w_i（rad/位置）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>wavelength of pair i</source>
        <translation>维度对 i 的波长</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&gt; seq_len: less than one turn over the sequence</source>
        <translation>&gt; seq_len：在整个序列上转不满一圈</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>frequency (cycles per position)</source>
        <translation>频率（周/位置）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+19"/>
        <source>amplitude</source>
        <translation>幅度</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>expected peak w_i/(2π)</source>
        <translation>预期峰值位置 w_i/(2π)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>dimension (column of PE)</source>
        <translation>维度（PE 的列）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>frequency (cycles/pos.)</source>
        <translation>频率（周/位置）</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>2π ≈ %1</source>
        <translation>2π ≈ %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>2π·%1 ≈ %2</source>
        <translation>2π·%1 ≈ %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>2π·%1^(%2/%3) ≈ %4</source>
        <translation>2π·%1^(%2/%3) ≈ %4</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>seq_len = %1</source>
        <translation>seq_len = %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>P = %1</source>
        <translation>P = %1</translation>
    </message>
</context>
<context>
    <name>posenc::TemporalView</name>
    <message>
        <location filename="../../ui/views/temporal/temporalview.cpp" line="+58"/>
        <source>Temporal encodings</source>
        <translation>时间编码</translation>
    </message>
    <message>
        <location filename="../../ui/views/temporal/temporalentries.cpp" line="+40"/>
        <source>&amp;Periods:</source>
        <translation>周期(&amp;P)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Periods</source>
        <translation>周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Positive periods in time steps, separated by commas, such as 24, 168 (hour of the day, hour of the week); at most %1.</source>
        <translation>以时间步为单位的正周期，用逗号分隔，例如 24, 168（一天中的小时、一周中的小时）；最多 %1 个。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add a period</source>
        <translation>添加周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a period: 24 (a day of hours), 168 (a week), 720 (30 days), 8766 (a year), then twice the longest.</source>
        <translation>添加一个周期：依次为 24（一天的小时数）、168（一周）、720（30 天）、8766（一年），之后为最长周期的两倍。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove the last period</source>
        <translation>移除最后一个周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the last period.</source>
        <translation>移除最后一个周期。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Steps:</source>
        <translation>时间步数(&amp;S)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Number of time steps</source>
        <translation>时间步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time steps t = 0 … steps − 1 (rows of the encoding).</source>
        <translation>时间步 t = 0 … steps − 1（编码的各行）。</translation>
    </message>
    <message>
        <location filename="../../ui/views/temporal/temporalview.cpp" line="+10"/>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+43"/>
        <source>time step t</source>
        <translation>时间步 t</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sin or cos(2π t / P)</source>
        <translation>sin 或 cos(2π t / P)</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>sin, cos</source>
        <translation>sin、cos</translation>
    </message>
    <message>
        <location filename="../../ui/views/temporal/temporalentries.cpp" line="+37"/>
        <source>periods: “%1” is not a number</source>
        <translation>周期：“%1”不是数字</translation>
    </message>
    <message>
        <location filename="../../ui/views/temporal/temporalview.cpp" line="+93"/>
        <location line="+38"/>
        <source>sin %1</source>
        <translation>sin %1</translation>
    </message>
    <message>
        <location line="-37"/>
        <location line="+38"/>
        <source>cos %1</source>
        <translation>cos %1</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Where step t = %1 lands on each circle: x = sin(2πt/P), y = cos(2πt/P); t is the pos of the Parameters panel: change it and the hands turn. This step is outside the %2 steps of the table.</source>
        <translation>时间步 t = %1 在每个圆上的落点：x = sin(2πt/P)，y = cos(2πt/P)；t 就是“参数”面板中的 pos：改变它，指针就会转动。这个时间步超出了表格的 %2 个时间步。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Where step t = %1 lands on each circle: x = sin(2πt/P), y = cos(2πt/P); t is the pos of the Parameters panel: change it and the hands turn.</source>
        <translation>时间步 t = %1 在每个圆上的落点：x = sin(2πt/P)，y = cos(2πt/P)；t 就是“参数”面板中的 pos：改变它，指针就会转动。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Note: the source texts&apos; temporal_position_encoding allocates sum(periods) · 2 = %1 columns but fills only two per period; this view shows the 2 × %2 = %3 columns it meant.</source>
        <translation>注意：参考材料中的 temporal_position_encoding 分配了 sum(periods) · 2 = %1 列，但每个周期只填充两列；本视图显示的是它原本想要的 2 × %2 = %3 列。</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>sin, cos(2π t / P)</source>
        <translation>sin, cos(2π t / P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>each row: the mean
of %1 steps</source>
        <translation>每行：%1 个时间步
的平均值</translation>
    </message>
    <message>
        <location line="-93"/>
        <source>t = pos = %1</source>
        <translation>t = pos = %1</translation>
    </message>
    <message>
        <location filename="../../ui/views/temporal/temporalcircles.cpp" line="+58"/>
        <source>P = %1</source>
        <translation>P = %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P = %1
t mod P = %2</source>
        <translation>P = %1
t mod P = %2</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>t = 0</source>
        <translation>t = 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P/4</source>
        <translation>P/4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P/2</source>
        <translation>P/2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3P/4</source>
        <translation>3P/4</translation>
    </message>
</context>
<context>
    <name>posenc::TrainingOptions</name>
    <message>
        <location filename="../../ui/state/scene.cpp" line="+51"/>
        <source>%1 must be an integer in [%2, %3]</source>
        <translation>%1 必须是 [%2, %3] 内的整数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 must be a number in %2%3, %4]</source>
        <translation>%1 必须是 %2%3, %4] 内的数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>clamp must be LO,HI with LO &lt; HI, each in [-1000, 1000]</source>
        <translation>clamp 必须是 LO,HI，且 LO &lt; HI，两者都在 [-1000, 1000] 内</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> (at most the examples)</source>
        <translation>（不超过样本数）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> for the %1 task</source>
        <translation>（对 %1 任务）</translation>
    </message>
</context>
<context>
    <name>posenc::TrainingView</name>
    <message>
        <location filename="../../ui/views/training/trainingdescriptor.cpp" line="+51"/>
        <source>Play or pause the training</source>
        <translation>播放或暂停训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One step of the training</source>
        <translation>训练一步</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Training</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Export Training Run as &amp;PyTorch…</source>
        <translation>将训练运行导出为 PyTorch(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../ui/views/training/trainingview.cpp" line="-222"/>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>cross-entropy</source>
        <translation>交叉熵</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Loss (dashed: training batches)</source>
        <translation>损失（虚线：训练批次）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Accuracy (dashed: training batches)</source>
        <translation>准确率（虚线：训练批次）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The learnable scale s</source>
        <translation>可学习的缩放因子 s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>|s · PE| / |token|</source>
        <translation>|s · PE| / |token|</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>norm ratio</source>
        <translation>范数比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Longer than trained</source>
        <translation>比训练时更长</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>held-out accuracy</source>
        <translation>留出集准确率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>scale kept in &amp;float32</source>
        <translation>缩放因子保持 float32(&amp;F)</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+313"/>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <location line="-312"/>
        <source>S&amp;tep</source>
        <translation>单步(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;poch</source>
        <translation>一轮(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reset</source>
        <translation>重置(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New random seed</source>
        <translation>新的随机种子(&amp;N)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Training lab: a small model learns two tasks, and its learnable scale moves</source>
        <translation>训练实验室：一个小模型学习两个任务，它的可学习缩放因子随之变化</translation>
    </message>
    <message>
        <location filename="../../ui/views/training/trainingcontrols.cpp" line="+35"/>
        <source>The first run&apos;s task</source>
        <translation>第一次训练的任务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The second run&apos;s task, trained from the same initial weights</source>
        <translation>第二次训练的任务，从相同的初始权重开始</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The position term added to the tokens</source>
        <translation>加到词元上的位置项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>add</source>
        <translation>相加</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>concat + project</source>
        <translation>拼接 + 投影</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>α-weighted</source>
        <translation>α 加权</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the position term joins the token embedding (α learnable)</source>
        <translation>位置项与词嵌入的合并方式（α 可学习）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The scale&apos;s initial value: 1 as the source texts&apos; code, or d^-0.5 as x-transformers; type any number and press Enter</source>
        <translation>缩放因子的初始值：参考材料的代码用 1，x-transformers 用 d^-0.5；也可输入任意数后按回车</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The scale&apos;s learning rate as a ratio of the others&apos; (the source texts: 1/5 to 1/10)</source>
        <translation>缩放因子的学习率与其他参数学习率之比（参考材料：1/5 到 1/10）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>clamp [0.1, 2] every step</source>
        <translation>每步限制在 [0.1, 2]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>clamp once (the source code)</source>
        <translation>只限制一次（参考代码）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no clamp</source>
        <translation>不限制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The source texts advise clamping the scale to [0.1, 2.0]; their code clamps it once, when it is made, and never again</source>
        <translation>参考材料建议把缩放因子限制在 [0.1, 2.0]；它们的代码只在创建时限制一次，之后再也不管</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PE in float32</source>
        <translation>PE 用 float32</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PE in float16</source>
        <translation>PE 用 float16</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The precision of the position term (float16 emulated by rounding)</source>
        <translation>位置项的精度（float16 通过舍入模拟）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the scale in float32 under float16 PE, as the source texts advise; off, it is rounded to float16 and small updates are lost</source>
        <translation>按参考材料的建议，PE 用 float16 时让缩放因子保持 float32；关闭时它被舍入为 float16，小的更新会丢失</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The random seed of the tasks and the initial weights: the same seed gives the same run</source>
        <translation>任务样本和初始权重的随机种子：同一个种子得到同一次训练</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Steps of each run (one batch a step)</source>
        <translation>每次训练的步数（每步一个批次）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The model&apos;s width d_model (its own, not the encoding views&apos;)</source>
        <translation>模型宽度 d_model（本实验自己的，不是编码视图的）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens per training sequence (a learned table has this many rows)</source>
        <translation>每条训练序列的词元数（可学习位置表就有这么多行）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Distinct tokens of the tasks</source>
        <translation>任务中不同词元的个数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Examples in the training set (the held-out set is fixed apart)</source>
        <translation>训练集的样本数（留出集是另外固定的）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Speed: steps per frame while playing</source>
        <translation>速度：播放时每帧走的步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Play or pause both runs</source>
        <translation>播放或暂停两次训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One step (one batch) of both runs</source>
        <translation>两次训练各走一步（一个批次）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The steps of one pass over the training set</source>
        <translation>遍历一次训练集所需的步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to step 0: the same run replays exactly</source>
        <translation>回到第 0 步：同一次训练会精确重放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Another random seed: other tasks&apos; examples and other initial weights</source>
        <translation>换一个随机种子：任务换成别的样本，权重换成别的初始值</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>T&amp;asks:</source>
        <translation>任务(&amp;A)：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Random s&amp;eed:</source>
        <translation>随机种子(&amp;E)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ste&amp;ps:</source>
        <translation>步数(&amp;P)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>d_&amp;model:</source>
        <translation>d_model(&amp;M)：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Len&amp;gth:</source>
        <translation>长度(&amp;G)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Vocabulary:</source>
        <translation>词表(&amp;V)：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>E&amp;xamples:</source>
        <translation>样本数(&amp;X)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P&amp;osition:</source>
        <translation>位置项(&amp;O)：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Join:</source>
        <translation>合并方式(&amp;J)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale: &amp;initial</source>
        <translation>缩放因子：初始值(&amp;I)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;learning rate ×</source>
        <translation>学习率 ×(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Spee&amp;d:</source>
        <translation>速度(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../../ui/views/training/trainingview.cpp" line="+15"/>
        <source>first, training</source>
        <translation>第一个，训练批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>first, held-out</source>
        <translation>第一个，留出集</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>second, training</source>
        <translation>第二个，训练批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>second, held-out</source>
        <translation>第二个，留出集</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>first</source>
        <translation>第一个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>second</source>
        <translation>第二个</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>clamp hit</source>
        <translation>触及限制</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>unverified claim: 1.2–1.5 (translation)</source>
        <translation>未经验证的说法：1.2–1.5（翻译）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unverified: 1.2–1.5 (translation)</source>
        <translation>未经验证：1.2–1.5（翻译）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unverified: 1.2–1.5</source>
        <translation>未经验证：1.2–1.5</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unverified:
1.2–1.5</source>
        <translation>未经验证：
1.2–1.5</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unverified claim: 0.7 (sentiment)</source>
        <translation>未经验证的说法：0.7（情感分析）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unverified: 0.7 (sentiment)</source>
        <translation>未经验证：0.7（情感分析）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unverified: 0.7</source>
        <translation>未经验证：0.7</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unverified:
0.7</source>
        <translation>未经验证：
0.7</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="+343"/>
        <source>measured at the end,
or when paused</source>
        <translation>训练结束或暂停时
测量</translation>
    </message>
    <message>
        <location line="-277"/>
        <source>The initial scale “%1” is not a number in [−%2, %2] or d^-0.5.</source>
        <translation>初始缩放因子“%1”不是 [−%2, %2] 内的数，也不是 d^-0.5。</translation>
    </message>
    <message>
        <location line="+115"/>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <location line="+70"/>
        <location line="+2"/>
        <source>%1, training</source>
        <translation>%1，训练批次</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>not evaluated at %1: a learned table
has no rows past %2</source>
        <translation>长度 %1 未评估：可学习位置表
没有超过 %2 的行</translation>
    </message>
</context>
<context>
    <name>posenc::UndoHistory</name>
    <message>
        <location filename="../../ui/window/undohistory.cpp" line="+158"/>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>frequencies</source>
        <translation>频率约定</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 settings</source>
        <translation>%1 项设置</translation>
    </message>
</context>
<context>
    <name>posenc::UserGuide</name>
    <message>
        <location filename="../../ui/window/userguide.cpp" line="+15"/>
        <source>&lt;h2&gt;PosEnc Lab: a short guide&lt;/h2&gt;&lt;p&gt;PosEnc Lab shows the sinusoidal positional encoding of Transformers, PE(pos, 2i) = sin(pos·w_i) and PE(pos, 2i+1) = cos(pos·w_i) with w_i = base^(−2i/d_model), and lets you change every number of it.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;PosEnc Lab 简明指南&lt;/h2&gt;&lt;p&gt;PosEnc Lab 展示 Transformer 的正弦位置编码：PE(pos, 2i) = sin(pos·w_i)，PE(pos, 2i+1) = cos(pos·w_i)，其中 w_i = base^(−2i/d_model)，其中的每个数都可以修改。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;h3&gt;Start with the lessons&lt;/h3&gt;&lt;p&gt;The &lt;b&gt;Lessons&lt;/b&gt; panel (Ctrl+L) goes step by step. Read a lesson, then press &lt;b&gt;Show me&lt;/b&gt;: it sets the parameters of the lesson and opens its view.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;从课程开始&lt;/h3&gt;&lt;p&gt;&lt;b&gt;课程&lt;/b&gt;面板（Ctrl+L）循序渐进。读完一课后点&lt;b&gt;演示给我看&lt;/b&gt;：它会设置该课的参数并打开对应的视图。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;h3&gt;The views&lt;/h3&gt;&lt;p&gt;The list on the left holds every view, with its shortcut; the line above a view says what it shows. A click or Ctrl+1, Ctrl+2, … go to a view (and open it if it is closed), Ctrl+Tab to the next, Ctrl+W closes it. F2 describes the view in words. In a plot the mouse wheel zooms and a drag pans.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;视图&lt;/h3&gt;&lt;p&gt;左侧列表列出所有视图及其快捷键；视图上方的一行说明它显示什么。单击或按 Ctrl+1、Ctrl+2 等转到一个视图（若已关闭则打开它），Ctrl+Tab 转到下一个，Ctrl+W 关闭它。F2 用文字描述当前视图。在图中，鼠标滚轮缩放，拖动平移。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;h3&gt;The parameters&lt;/h3&gt;&lt;p&gt;The &lt;b&gt;Parameters&lt;/b&gt; panel (Ctrl+P) has a slider and an entry for each number: the slider for a quick look, the entry for an exact value. An entry that is refused says why and changes nothing. The pos slider spans the rows shown.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;参数&lt;/h3&gt;&lt;p&gt;&lt;b&gt;参数&lt;/b&gt;面板（Ctrl+P）为每个数提供一个滑块和一个输入框：滑块用于快速浏览，输入框用于输入精确值。被拒绝的输入会说明原因，并且不改变任何东西。pos 滑块覆盖所显示的各行。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;h3&gt;Playing pos and k&lt;/h3&gt;&lt;p&gt;Space plays and pauses pos, Left and Right step it; with Shift the same keys play and step the offset k, in the views that show them (in the training lab Space plays the run and Right steps it). The box next to the buttons chooses what happens at the end: stop (Once), start again (Loop) or turn back (Ping-pong). Ctrl+R resets everything.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;播放 pos 和 k&lt;/h3&gt;&lt;p&gt;空格键播放和暂停 pos，左、右方向键让它单步移动；加上 Shift，同样的键播放和移动偏移量 k——只在显示它们的视图里有效（在训练实验室里，空格键播放训练，右方向键训练一步）。按钮旁的选择框决定到达末尾时的行为：停止（一次）、从头再来（循环）或掉头返回（往返）。Ctrl+R 全部重置。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;h3&gt;The inspector&lt;/h3&gt;&lt;p&gt;Click a cell or a point: the &lt;b&gt;Inspector&lt;/b&gt; (Ctrl+I) explains its number step by step, and follows when the parameters change.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;检查器&lt;/h3&gt;&lt;p&gt;点击一个单元格或一个点：&lt;b&gt;检查器&lt;/b&gt;（Ctrl+I）会一步步解释它的数值，并在参数改变时随之更新。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;h3&gt;In class&lt;/h3&gt;&lt;p&gt;F5 turns on presentation mode: large text, thick lines, full screen, and the panels hidden so that the view has the screen. F6 shows or hides the lesson, Ctrl+P the parameters; PageDown and PageUp (a presenter&apos;s clicker) go to the next and previous lesson and show it. Esc or F5 leaves. The Scene box of the tool bar holds prepared parameter sets; Scenes &amp;gt; Save Current Scene… adds your own under a title, kept as a preset file that travels to another computer (Scenes &amp;gt; Add Scene from Preset File…).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;课堂上&lt;/h3&gt;&lt;p&gt;F5 打开演示模式：大字、粗线、全屏，并隐藏各面板，让视图占满屏幕。F6 显示或隐藏课程，Ctrl+P 显示参数；PageDown 和 PageUp（演示翻页器）转到下一课和上一课并演示。Esc 或 F5 退出。工具栏的“场景”框里有准备好的参数组合；“场景”&amp;gt;“保存当前场景…”以一个标题添加你自己的场景，它保存为预设文件，可以带到另一台电脑（“场景”&amp;gt;“从预设文件添加场景…”）。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;h3&gt;Figures, numbers and presets&lt;/h3&gt;&lt;p&gt;File &amp;gt; Export (Ctrl+E) writes the view as a PNG, SVG or PDF figure, or its numbers as .npy or .csv; Edit &amp;gt; Copy Command Line gives the posenc-lab command that writes the same file without the window. File &amp;gt; Save Preset keeps the whole state in a file to open again.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;图、数据和预设&lt;/h3&gt;&lt;p&gt;“文件 &amp;gt; 导出”（Ctrl+E）把视图写成 PNG、SVG 或 PDF 图，或把其数据写成 .npy 或 .csv；“编辑 &amp;gt; 复制命令行”给出不打开窗口也能写出同一文件的 posenc-lab 命令。“文件 &amp;gt; 保存预设”把整个状态保存到文件中，以便再次打开。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+3"/>
        <source>User Guide</source>
        <translation>用户指南</translation>
    </message>
</context>
<context>
    <name>posenc::ViewPages</name>
    <message>
        <location filename="../../ui/views/precision/precisiondescriptor.cpp" line="+16"/>
        <source>The encoding rounded to a low-precision number format: where far positions become indistinguishable.</source>
        <translation>舍入到低精度数值格式的编码：看远处的位置从哪里开始无法区分。</translation>
    </message>
    <message>
        <location filename="../../ui/views/rotation/rotationdescriptor.cpp" line="+32"/>
        <source>Moving k positions turns every sin/cos pair by the angle k·w_i, whatever pos is: PE(pos + k) = M_k · PE(pos).</source>
        <translation>移动 k 个位置，会把每个 sin/cos 对旋转角度 k·w_i，与 pos 无关：PE(pos + k) = M_k · PE(pos)。</translation>
    </message>
    <message>
        <location filename="../../ui/views/similarity/similaritydescriptor.cpp" line="+35"/>
        <source>How alike the encodings of every two positions are: mostly a matter of their distance.</source>
        <translation>任意两个位置的编码有多相似：主要取决于它们之间的距离。</translation>
    </message>
    <message>
        <location filename="../../ui/views/temporal/temporaldescriptor.cpp" line="+27"/>
        <source>Time steps encoded with chosen periods: each period is a sin/cos pair that comes back after one period.</source>
        <translation>用所选周期编码的时间步：每个周期是一个 sin/cos 对，经过一个周期后回到原处。</translation>
    </message>
    <message>
        <location filename="../../ui/views/check/checkdescriptor.cpp" line="+68"/>
        <source>Your own encoding from a file: the convention it follows, and its bugs.</source>
        <translation>来自文件的你自己的编码：它遵循的约定，以及其中的错误。</translation>
    </message>
    <message>
        <location filename="../../ui/views/attention/attentiondescriptor.cpp" line="+16"/>
        <source>One attention head over a phrase, without and with position information: what it sees of order.</source>
        <translation>一个注意力头作用于一个句子，分别在没有和有位置信息时：看它对顺序能看出什么。</translation>
    </message>
    <message>
        <location filename="../../ui/views/vit/vitdescriptor.cpp" line="+111"/>
        <source>A ViT&apos;s image patches: how alike their encodings are, numbered in reading order (1-D) or by row and column (2-D). Click a patch.</source>
        <translation>ViT 的图像块：按阅读顺序编号（一维）或按行和列编码（二维）时，它们的编码有多相似。点击一个图块。</translation>
    </message>
    <message>
        <location filename="../../ui/views/training/trainingdescriptor.cpp" line="-4"/>
        <source>A small model learns two tasks from the same start: watch its learnable scale, and what the source texts claim of it.</source>
        <translation>一个小模型从同一起点学习两个任务：观察它的可学习缩放因子，以及参考材料对它的说法。</translation>
    </message>
    <message>
        <location filename="../../ui/views/curves/curvesdescriptor.cpp" line="+21"/>
        <source>One curve per chosen dimension, along the positions: each sin/cos pair waves at its own frequency, pair 0 fastest.</source>
        <translation>每条曲线是一个所选维度随位置的变化：每个 sin/cos 对以自己的频率振荡，第 0 对最快。</translation>
    </message>
    <message>
        <location filename="../../ui/views/heatmap/heatmapdescriptor.cpp" line="+27"/>
        <source>Each row is a position, each column a dimension: the colour is PE(pos), from −|scale| to +|scale|.</source>
        <translation>每一行是一个位置，每一列是一个维度：颜色表示 PE(pos) 的值，从 −|scale| 到 +|scale|。</translation>
    </message>
    <message>
        <location filename="../../ui/views/spectrum/spectrumdescriptor.cpp" line="+16"/>
        <source>Each sin/cos pair i turns at its own frequency w_i, from 1 down towards 1/base; dashed lines P: the temporal view&apos;s periods.</source>
        <translation>每个 sin/cos 对 i 以自己的频率 w_i 旋转，从 1 逐级降向 1/base；虚线 P：时间编码视图的周期。</translation>
    </message>
    <message>
        <location filename="../../ui/views/context/contextdescriptor.cpp" line="-5"/>
        <source>RoPE stretched past its training length L: each pair&apos;s wavelength and divisor under two methods.</source>
        <translation>RoPE 被拉伸到训练长度 L 之外：两种方法下每个维度对的波长和除数。</translation>
    </message>
</context>
<context>
    <name>posenc::VitView</name>
    <message>
        <location filename="../../ui/views/vit/vitdescriptor.cpp" line="-12"/>
        <source>&amp;ViT Patches</source>
        <translation>ViT 图块(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/views/vit/vitview.cpp" line="+43"/>
        <source>One patch: it has no neighbour.</source>
        <translation>只有一个图块：它没有相邻图块。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next patch in its row: %1 · in its column: %2</source>
        <translation>同一行的下一个图块：%1 · 同一列的下一个图块：%2</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>ViT lab: the similarity of image patches under a 1-D and a 2-D position encoding</source>
        <translation>ViT 实验：图像块在一维和二维位置编码下的相似度</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+3"/>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>The image&apos;s side in pixels (ViT-B/16 reads 224 × 224)</source>
        <translation>图像的边长（像素；ViT-B/16 读取 224 × 224 的图像）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The patch&apos;s side in pixels: the image becomes (image / patch)² patches, at most %1 a side</source>
        <translation>图块的边长（像素）：图像被切成 (图像 / 图块)² 个图块，每边至多 %1 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The chosen patch&apos;s row, from the top (or click a patch)</source>
        <translation>选定图块的行号，从上往下数（也可以点击一个图块）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The chosen patch&apos;s column, from the left (or click a patch)</source>
        <translation>选定图块的列号，从左往右数（也可以点击一个图块）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>I&amp;mage:</source>
        <translation>图像(&amp;M)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Patch size:</source>
        <translation>图块大小(&amp;P)：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Chosen patch: &amp;row</source>
        <translation>选定图块：行(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>co&amp;lumn</source>
        <translation>列(&amp;L)</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+111"/>
        <source>cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <location line="-110"/>
        <location line="+108"/>
        <source>column of the grid</source>
        <translation>网格的列</translation>
    </message>
    <message>
        <location line="-107"/>
        <location line="+108"/>
        <source>row of the grid</source>
        <translation>网格的行</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>; no 2-D grid: %1.</source>
        <translation>；没有二维网格：%1。</translation>
    </message>
    <message>
        <location line="-175"/>
        <source>1-D: PE(row × %1 + column)</source>
        <translation>一维：PE(行 × %1 + 列)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>2-D: [PE%1(row) | PE%2(column)]</source>
        <translation>二维：[PE%1(行) | PE%2(列)]</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>→ a %1 × %1 grid (%2 in all)</source>
        <translation>→ %1 × %1 的网格（共 %2 个）</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>1-D: PE(%1r + c)</source>
        <translation>一维：PE(%1r + c)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>2-D: [PE(r) | PE(c)]</source>
        <translation>二维：[PE(r) | PE(c)]</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No 2-D grid: %1</source>
        <translation>没有二维网格：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In reading order the patch beside the chosen one is 1 position away and the patch below it %1 positions away: the 1-D encoding sees rows, not the grid. The 2-D encoding gives row and column half the dimensions each.</source>
        <translation>按阅读顺序编号时，选定图块右边的图块只差 1 个位置，下面的图块却差 %1 个位置：一维编码看到的是一行行，而不是网格。二维编码把一半维度给行，一半给列。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>ViT lab: %1</source>
        <translation>ViT 实验：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ViT lab: a %1 px image in patches of %2 px, %3 × %3 patches; the chosen patch is at row %4, column %5 (1-D position %6), d_model %7.</source>
        <translation>ViT 实验：%1 像素的图像切成 %2 像素的图块，共 %3 × %3 个；选定的图块在第 %4 行、第 %5 列（一维位置 %6），d_model 为 %7。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cosine similarity to the next patch in its row and in its column: 1-D %1 and %2</source>
        <translation>与同一行、同一列下一个图块的余弦相似度：一维 %1 和 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; 2-D %1 and %2.</source>
        <translation>；二维 %1 和 %2。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&lt;b&gt;Patch at row %1, column %2 of a %3 × %3 grid (image %4 px / patch %5 px)&lt;/b&gt;</source>
        <translation>&lt;b&gt;%3 × %3 网格中第 %1 行、第 %2 列的图块（图像 %4 像素 / 图块 %5 像素）&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>1-D: the patches numbered in reading order, position = row × %1 + column = %2; its encoding PE(%2) has %3 dimensions.</source>
        <translation>一维：图块按阅读顺序编号，位置 = 行 × %1 + 列 = %2；它的编码 PE(%2) 有 %3 个维度。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Next in its row: position %1, %2 away: cos = %3.</source>
        <translation>同一行的下一个图块：位置 %1，相距 %2：cos = %3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Next in its column: position %1, %2 away: cos = %3.</source>
        <translation>同一列的下一个图块：位置 %1，相距 %2：cos = %3。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>2-D: [PE%1(row) | PE%2(column)], %3 + %4 dimensions: a step along the row changes only the column&apos;s half, a step down only the row&apos;s half.</source>
        <translation>二维：[PE%1(行) | PE%2(列)]，%3 + %4 个维度：沿行走一步只改变列的那一半，向下走一步只改变行的那一半。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Next in its row: cos = %1; next in its column: cos = %2.</source>
        <translation>同一行的下一个图块：cos = %1；同一列的下一个图块：cos = %2。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cos(u, v) = u · v / (|u| |v|), with the app&apos;s base, scale and layout.</source>
        <translation>cos(u, v) = u · v / (|u| |v|)，使用本应用的 base、scale 和布局。</translation>
    </message>
</context>
</TS>
