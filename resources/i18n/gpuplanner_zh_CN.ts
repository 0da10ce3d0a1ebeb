<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>&amp;Language:</source>
            <translation>语言(&amp;L)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>&amp;Next &gt;</source>
            <translation>下一步(&amp;N) &gt;</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>&lt; &amp;Back</source>
            <translation>&lt; 上一步(&amp;B)</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>C&amp;urrency:</source>
            <translation>货币(&amp;U)：</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Currency</source>
            <translation>货币</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>Step %1 of %2</source>
            <translation>第 %1 步，共 %2 步</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/main_window.py" />
            <source>gpuplanner – choose a GPU for TensorFlow</source>
            <translation>gpuplanner – TensorFlow GPU 选购助手</translation>
        </message>
    </context>
    <context>
        <name>ScenarioPage</name>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Fine-tuning 7B to 70B language models with full training, LoRA or QLoRA. How much VRAM each method needs, how many cards, NVLink or PCIe, ECC, rack power, and when renting in the cloud beats buying.</source>
            <translation>用全参数、LoRA 或 QLoRA 微调 7B 到 70B 的语言模型。每种方法需要多少显存、几块卡、NVLink 还是 PCIe、ECC、机柜供电，以及何时租用云 GPU 比购买更划算。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>LLM fine-tuning</source>
            <translation>大模型微调</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>One workstation that trains and fine-tunes BERT, ResNet or EfficientDet, often around the clock. 24 GB cards, one or two GPUs, power supply and case checks, stability for 24/7 use and the cost of each training run.</source>
            <translation>一台工作站训练和微调 BERT、ResNet、EfficientDet 等模型，常常全天运行。24 GB 显卡，一到两块 GPU，电源与机箱检查，7×24 小时稳定性，以及每次训练的成本。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Pick the situation closest to yours. It sets the budget, the workloads and the checks that matter; you can change everything on later pages.</source>
            <translation>请选择最接近您情况的一项。它决定预算、典型任务和需要检查的事项；后面的页面中可以随时修改。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Small firm or research group</source>
            <translation>中小企业 / 科研团队</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Student or beginner</source>
            <translation>学生 / 入门者</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Tutorials, course projects, CNNs and small Transformers such as DistilBERT, on a laptop or home PC. Find out whether TensorFlow can use the GPU you have, and get a card with at least 12 GB that fits your budget and power supply (8 GB cards are a trap).</source>
            <translation>跑教程、课程项目、CNN 和 DistilBERT 等小型 Transformer，使用笔记本或家用电脑。先确认 TensorFlow 能否用上您现有的 GPU，再挑一块符合预算和电源、显存至少 12 GB 的显卡（8 GB 显卡是个坑）。</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>Typical budget: %1 – %2</source>
            <translation>典型预算：%1 – %2</translation>
        </message>
        <message>
            <location filename="gpuplanner/ui/pages/scenario_page.py" />
            <source>What will you use the GPU for?</source>
            <translation>您打算用 GPU 做什么？</translation>
        </message>
    </context>
</TS>
